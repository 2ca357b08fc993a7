import Foundation

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
/// document's): sorting (`s`) is a tab's capability, so the UI asks the active tab's list
/// for its server's sort parameter instead of the composite, which has none of its own.
public protocol AnyAPITabsSource: Source {
    /// The any-API list `query`'s tab reads; nil when that tab is no such list.
    func anyAPISource(for query: ListQuery) -> AnyAPISource?
}

extension SortStyle {
    /// The style `s` uses on `query`'s tab of `source`: `given` (`--sort-style`) or what
    /// the tab's own list speaks when the tab is any API's list; else the source's style.
    public static func style(for source: any Source, query: ListQuery, given: SortStyle?) -> SortStyle? {
        guard let tabs = source as? any AnyAPITabsSource else { return style(for: source, given: given) }
        guard let list = tabs.anyAPISource(for: query) else { return nil }
        return style(for: list, given: given)
    }

    /// Whether `query`'s tab of `source` is any API's list (whose sort parameter portal
    /// may just not know), rather than an API that has none.
    public static func isAnyAPIList(_ source: any Source, query: ListQuery) -> Bool {
        if let tabs = source as? any AnyAPITabsSource { return tabs.anyAPISource(for: query) != nil }
        return AnyAPISource.of(source) != nil
    }
}
