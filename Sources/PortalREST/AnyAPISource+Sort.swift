import Foundation
import PortalCore
import PortalPaging

extension AnyAPISource {
    /// The pages of `query`'s list: the URL given, with the order asked for (`s`) in its
    /// query when there is one (`ordering=-name`, `sort=updated&direction=desc`), and the
    /// filters of the `f` form (a list spec's `filters`) as parameters, so every page the
    /// dialect builds from it — and each `next` link the server writes — keeps them.
    public func pages(for query: ListQuery) -> AnyAPIPages {
        guard query.sort != nil || !query.filters.isEmpty else { return pages }
        var url = query.sort?.applied(to: pages.url) ?? pages.url
        for (key, value) in query.pairs { url = QueryEdit.setting(url, key, value) ?? url }
        return AnyAPIPages(url: url, reading: pages.reading, headers: pages.headers)
    }

    /// `source` as any API's list, when it is one.
    public static func of(_ source: any Source) -> AnyAPISource? { source as? AnyAPISource }
}

/// A source of several tabs, each any API's list (a saved API's lists, an OpenAPI
/// document's): sorting (`s`) is a tab's capability (`TabbedSortSource`), asked of the
/// active tab's list.
public protocol AnyAPITabsSource: TabbedSortSource {
    /// The any-API list `query`'s tab reads; nil when that tab is no such list.
    func anyAPISource(for query: ListQuery) -> AnyAPISource?
}

extension AnyAPITabsSource {
    public func sortGuessing(for query: ListQuery) -> (any Source & SortStyleGuessing)? { anyAPISource(for: query) }
}
