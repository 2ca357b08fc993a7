import Foundation
import PortalCore

/// `param` moved by each page's item count (`offset`, `start`, `skip`) until a short page
/// or the total. Always addressable.
public struct OffsetPaging: PagingDialect {
    public static let name = "offset"

    public var param: String

    public init(param: String) { self.param = param }

    /// An `offset` number at the top level.
    public static func recognise(_ answer: FirstAnswer) -> OffsetPaging? {
        answer.root["offset"]?.count != nil ? OffsetPaging(param: "offset") : nil
    }

    public static func told(_ answer: FirstAnswer) -> OffsetPaging { OffsetPaging(param: "offset") }

    public func address(_ answer: FirstAnswer) -> PageAddress? {
        .offsetParam(param, start: QueryEdit.value(answer.url, param).flatMap { Int($0) } ?? 0)
    }

    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        let pageSize = answer.list.pageSize
        guard answer.itemCount > 0, answer.itemCount >= pageSize else { return nil }
        if let total = answer.total {
            let (read, overflow) = answer.nextIndex.multipliedReportingOverflow(by: pageSize)
            if overflow || read >= total { return nil }
        }
        let current = QueryEdit.value(answer.url, param).flatMap { Int($0) } ?? 0
        let (offset, past) = current.addingReportingOverflow(answer.itemCount)
        return past ? nil : answer.setting(param, String(offset))
    }

    public var description: String { "\(param)= moved by each page's item count" }
}

extension PagingDialect where Self == OffsetPaging {
    public static func offset(param: String) -> OffsetPaging { OffsetPaging(param: param) }
}
