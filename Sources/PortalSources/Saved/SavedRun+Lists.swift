import Foundation
import PortalConfig
import PortalCore

/// A saved API's lists as a source: the document's or schema's, the preset's, or every
/// saved list side by side as tabs (`SavedTabsSource`).
extension SavedRun {
    /// The browser's source: each list read as `--url` reads its list: its first answer
    /// asked for now, through `transport`, or (`readWhenUsed`, the browser) when its tab is
    /// shown, so a config of many lists asks nothing before the first screen but that tab's.
    public func browseSource(transport: any Transport, tracer: TracingTransport?, reporter: any SourceReporting,
                             readWhenUsed: Bool = false) async throws -> any Source {
        if let request = try describedRequest() {
            if let found = try await request.graphQLSource(transport: transport, tracer: tracer) { return found.source }
            if let tabs = try await request.openAPITabs(transport: transport) {
                return try await request.openAPISource(tabs, transport: transport, tracer: tracer, reporter: reporter).0
            }
        }
        if preset != nil {
            let request = try presetRequest()
            return request.preset.makeSource(try request.settings())
        }
        var lists: [(name: String, source: any Source)] = []
        for tab in resolved.tabs {
            let request = try request(for: tab)
            if readWhenUsed {
                lists.append((tab.name, try request.unreadAnyAPISource(url: tab.url, spec: tab.spec, name: tab.name, byKeys: resolved.byKeys)))
                continue
            }
            lists.append((tab.name, try await request.anyAPISource(url: tab.url, transport: transport, tracer: tracer, reporter: reporter,
                                                                   spec: tab.spec, name: tab.name, byKeys: resolved.byKeys).0))
        }
        return SavedTabsSource(title: api.name, lists: lists)
    }

    /// The tab `name` names in `source`'s tabs (its title or kind, any case), or a usage
    /// error listing them.
    public func tabIndex(_ name: String, in source: any Source) throws(SourceFailure) -> Int {
        let tabs = source.tabs
        if let index = tabs.firstIndex(where: { $0.kind.rawValue == name || $0.title == name }) ?? TabSpec.index(of: name, in: tabs) { return index }
        let names = tabs.map { $0.kind.rawValue == $0.title.lowercased() ? $0.kind.rawValue : $0.title.lowercased() }
        throw .usage("'\(Sanitize.line(name))' is not a list of \(Sanitize.line(api.name)) (\(names.map(Sanitize.line).joined(separator: ", ")))")
    }

    /// One list for `portal list` (`name`, or the only one): its source (items as served),
    /// the query of its tab and its name. Only that list's first page is asked.
    public func listSource(named name: String?, transport: any Transport, tracer: TracingTransport?,
                           reporter: any SourceReporting) async throws -> (any Source, ListQuery, String) {
        let source: any Source
        if let request = try describedRequest(), let tabs = try await request.openAPITabs(transport: transport) {
            let names = tabs.lists.map(\.name)
            guard let chosen = name.flatMap(tabs.list(named:)) ?? (name == nil && names.count == 1 ? tabs.lists.first : nil) else {
                throw SourceFailure.usage(name.map { "'\(Sanitize.line($0))' is not a list of \(Sanitize.line(api.name)) (\(names.joined(separator: ", ")))" }
                    ?? "name one of \(Sanitize.line(api.name))'s lists: \(names.joined(separator: ", "))")
            }
            let listed = try await request.openAPISource(tabs, transport: transport, tracer: tracer, reporter: reporter, only: chosen).0
            return (listed, ListQuery(kind: ItemKind(rawValue: chosen.name)), chosen.name)
        } else if let request = try describedRequest(), let found = try await request.graphQLSource(transport: transport, tracer: tracer) {
            source = found.source
        } else if preset != nil {
            let request = try presetRequest()
            source = request.preset.makeSource(try request.settings(asServed: true))
        } else {
            let tab = try savedList(named: name)
            let listed = try await request(for: tab).anyAPISource(url: tab.url, transport: transport, tracer: tracer, reporter: reporter,
                                                                  spec: tab.spec, name: tab.name, byKeys: resolved.byKeys).0
            return (listed, ListQuery(kind: listed.tabs[0].kind), tab.name)
        }
        let tabs = source.tabs
        guard let name else {
            guard tabs.count == 1 else {
                throw SourceFailure.usage("name one of \(Sanitize.line(api.name))'s lists: \(tabs.map { $0.title.lowercased() }.joined(separator: ", "))")
            }
            return (source, ListQuery(kind: tabs[0].kind), tabs[0].title)
        }
        let index = try tabIndex(name, in: source)
        return (source, ListQuery(kind: tabs[index].kind), name)
    }

    /// The saved list `name` names, or the only one; else a usage error listing them.
    func savedList(named name: String?) throws(SourceFailure) -> ResolvedAPI.Tab {
        let names = resolved.tabs.map(\.name).map(Sanitize.line).joined(separator: ", ")
        if let name {
            guard let found = resolved.tabs.first(where: { $0.name == name }) else {
                throw .usage("'\(Sanitize.line(name))' is not a list of \(Sanitize.line(api.name)) (\(names))")
            }
            return found
        }
        guard resolved.tabs.count == 1 else { throw .usage("name one of \(Sanitize.line(api.name))'s lists: \(names)") }
        return resolved.tabs[0]
    }
}
