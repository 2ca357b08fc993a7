import Foundation
import PortalCore

/// OData (v4, and v3's JSON light): the items in `value`, the next page at
/// `@odata.nextLink` (server-driven paging), the total at `@odata.count` (`$count=true`),
/// pages asked by `$skip` with `$top` (client-driven paging). Microsoft Graph, SharePoint,
/// Dynamics, SAP and the TripPin reference service page this way.
///
/// Why its own dialect: a next URL alone (`NextURLPaging`) walks an OData list and shows no
/// total, because `$skip` and `@odata.count` are no generic offset or count; read as OData
/// the list says its total and jumps, `$skip` = N × the first page's count. A next link
/// whose `$skip` does not step by the page's count (a `$skiptoken`) is followed, not jumped.
public struct ODataPaging: PagingDialect {
    public static let name = "odata"
    /// The annotations' names: v4's, then v3's.
    static let nextLinks = ["@odata.nextLink", "odata.nextLink"]
    static let counts = ["@odata.count", "odata.count"]
    static let contexts = ["@odata.context", "odata.metadata"]

    /// The annotation the next link is at (`@odata.nextLink`, or v3's `odata.nextLink`).
    public var nextLink: String

    public init(nextLink: String = "@odata.nextLink") { self.nextLink = nextLink }

    /// A next-link, count or context annotation at the top level beside the items.
    public static func recognise(_ answer: FirstAnswer) -> ODataPaging? {
        let root = answer.root
        let annotated = (nextLinks + counts + contexts).contains { root[$0] != nil }
        guard annotated, answer.items == ["value"] || nextLinks.contains(where: { root[$0] != nil }) else { return nil }
        return ODataPaging(nextLink: nextLinks.first { root[$0] != nil } ?? (root["odata.metadata"] != nil ? "odata.nextLink" : "@odata.nextLink"))
    }

    public static func told(_ answer: FirstAnswer) -> ODataPaging {
        recognise(answer) ?? ODataPaging()
    }

    /// `$skip` stepping by the page's count from this page's `$skip` (0 when it has none).
    public func address(_ answer: FirstAnswer) -> PageAddress? {
        guard let target = answer.root[nextLink]?.string, let next = QueryEdit.sameOrigin(target, base: answer.url),
              let after = QueryEdit.value(next, "$skip").flatMap({ Int($0) }) else { return nil }
        let current = QueryEdit.value(answer.url, "$skip").flatMap { Int($0) } ?? 0
        return after == current + answer.itemCount ? .offsetParam("$skip", start: current) : nil
    }

    /// `@odata.count`, else what most answers give.
    public func totalSource(_ answer: FirstAnswer) -> TotalSource? {
        Self.counts.first { answer.root[$0]?.count != nil }.map { .body([$0]) } ?? TotalSource.common(answer)
    }

    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        guard let target = answer.root[nextLink]?.string, !target.isEmpty else { return nil }
        return try answer.following(target)
    }

    public var description: String { "OData's \(nextLink) ($skip pages, @odata.count)" }
}

extension PagingDialect where Self == ODataPaging {
    public static var odata: ODataPaging { ODataPaging() }
}
