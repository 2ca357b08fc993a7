import PortalCore
import PortalPaging
import PortalREST

/// One list a tool call names (`api`, `list`), resolved in the opened API: its tab, its
/// name, and the query its `filters` and `sort` make, each checked with a sentence the agent
/// can act on.
struct ListTarget: Sendable {
    let api: String
    let opened: MCPOpenedAPI
    let index: Int

    var spec: TabSpec { opened.source.tabs[index] }
    var name: String { opened.listNames[index] }
    var source: any Source { opened.source }

    init(api: String, list: String, opened: MCPOpenedAPI) throws(ToolError) {
        guard let index = opened.tabIndex(of: list) else {
            throw ToolError("no list '\(Sanitize.line(list, limit: 80))' in \(api); its lists: \(opened.listNames.joined(separator: ", "))")
        }
        self.api = api
        self.opened = opened
        self.index = index
    }

    /// The list's query with `filters` (each a filter the list declares, a value among its
    /// choices when it has some) and `sort` (`field`, `-field` or `field desc`).
    func query(filters: [(String, String)] = [], sort: String? = nil) throws(ToolError) -> ListQuery {
        let keys = filterKeys
        var sent: [(String, String)] = []
        for (key, value) in filters {
            guard keys.contains(key) else {
                throw ToolError(keys.isEmpty
                    ? "\(name) takes no filters (the server declares none)"
                    : "\(name) has no filter '\(Sanitize.line(key, limit: 40))'; its filters: \(keys.joined(separator: ", "))")
            }
            guard let choices = spec.filters.first(where: { $0.key == key })?.choices else {
                sent.append((key, value))
                continue
            }
            // A choice in any case goes as the server declares it (`Away` → `away`).
            guard let choice = choices.first(where: { $0.caseInsensitiveCompare(value) == .orderedSame }) else {
                throw ToolError("filter \(key) takes one of: \(choices.joined(separator: ", ")) (not '\(Sanitize.line(value, limit: 40))')")
            }
            sent.append((key, choice))
        }
        var query = ListQuery(kind: spec.kind, filters: sent)
        if let sort { query.sort = try order(sort) }
        return query
    }

    /// Every filter the list takes: its tab's (search key, then the form's), then free text
    /// the API declares beside them.
    var filterKeys: [String] { spec.filterKeys + (opened.textFilters[spec.kind] ?? []).filter { !spec.filterKeys.contains($0) } }

    /// The server's sort parameter style for this list, nil when it cannot sort.
    var sortStyle: SortStyle? {
        let plain = ListQuery(kind: spec.kind)
        if let tabs = source as? any AnyAPITabsSource, let inner = tabs.anyAPISource(for: plain) { return SortStyle.detected(for: inner) }
        return SortStyle.detected(for: source)
    }

    private func order(_ text: String) throws(ToolError) -> ListSort {
        guard let style = sortStyle else {
            throw ToolError("\(api) cannot sort \(name) (its server takes no sort parameter portal knows); leave sort out")
        }
        var field = text
        var descending = false
        if field.hasPrefix("-") { field.removeFirst(); descending = true }
        for suffix in [" desc", " asc", ".desc", ".asc"] where field.lowercased().hasSuffix(suffix) {
            field = String(field.dropLast(suffix.count))
            descending = suffix.hasSuffix("desc")
        }
        field = field.trimmingCharacters(in: .whitespaces)
        guard !field.isEmpty, field.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            throw ToolError("sort takes a field name, '-field' for descending (not '\(Sanitize.line(text, limit: 40))')")
        }
        return ListSort(field: field, descending: descending, style: style)
    }

    /// Whether a row can be reached without walking: the list addresses its pages.
    func addressable(_ query: ListQuery) -> Bool { PageAddressing(source: source, query: query) != nil }

    /// The paging style as the opener knows it, else what addressing says.
    func style(_ query: ListQuery) -> String {
        if let known = opened.styles[spec.kind] { return known }
        let anyAPI = (source as? any AnyAPITabsSource)?.anyAPISource(for: query) ?? (source as? AnyAPISource)
        return anyAPI?.pages.reading.paging.name ?? (addressable(query) ? "pages by number" : "next links")
    }

    /// The session's key of `query`'s pages.
    func key(_ query: ListQuery) -> MCPSession.ListKey { MCPSession.ListKey(api: api, query: query) }
}
