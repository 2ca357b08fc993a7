import Foundation
import PortalCore

/// `has_more: true` with the last item's `id` sent as `param` on the list's URL (Stripe's
/// `starting_after`). Walked only.
public struct HasMorePaging: PagingDialect {
    public static let name = "has-more"

    public var param: String
    /// Where the flag is (`has_more`; a list spec may name another path).
    public var flag: [String] = ["has_more"]
    /// Where the value sent back is, when not the last item's `id` (a list spec's `next`).
    public var value: [String]?

    public init(param: String) { self.param = param }

    /// A boolean `has_more` at the top level.
    public static func recognise(_ answer: FirstAnswer) -> HasMorePaging? {
        answer.root["has_more"]?.bool != nil ? HasMorePaging(param: "starting_after") : nil
    }

    public static func told(_ answer: FirstAnswer) -> HasMorePaging { HasMorePaging(param: "starting_after") }

    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        guard answer.root.at(flag)?.bool == true else { return nil }
        guard let sent = value.map({ answer.root.at($0).flatMap { $0.string ?? $0.count.map(String.init) } }) ?? answer.lastItemID else { return nil }
        return answer.setting(param, sent, on: answer.list.url)
    }

    public var description: String {
        flag.joined(separator: ".") + ", " + (value.map { "the value at " + $0.joined(separator: ".") } ?? "the last item's id") + " sent as \(param)="
    }
}

extension PagingDialect where Self == HasMorePaging {
    public static func hasMore(param: String) -> HasMorePaging { HasMorePaging(param: param) }
}
