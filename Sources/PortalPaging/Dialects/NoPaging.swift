import Foundation
import PortalCore

/// One page: the answer names no other. What the detector settles on when no other
/// dialect recognises the answer, so it is last in `PagingDialects.all`.
public struct NoPaging: PagingDialect {
    public static let name = "none"

    public init() {}

    public static func recognise(_ answer: FirstAnswer) -> NoPaging? { NoPaging() }

    public static func told(_ answer: FirstAnswer) -> NoPaging { NoPaging() }

    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? { nil }

    public var description: String { "none (one page)" }
}

extension PagingDialect where Self == NoPaging {
    public static var none: NoPaging { NoPaging() }
}
