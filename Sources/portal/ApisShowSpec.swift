import ArgumentParser
import Foundation
import PortalConfig
import PortalCore

/// `portal apis show NAME [LIST]`: the spec each list of a saved API is read with, as TOML
/// to paste into the config file and edit — what the file says, and for everything it
/// leaves out what the heuristics chose from the list's first answer (its paging dialect
/// and parameters, where the total is, the key, the card's title, subtitle and picture).
/// Each list's first page is asked (through the caches, as `portal list` asks it).
extension ApisCommand.Show {
    func showSpec(api name: String, list: String?) async throws {
        let api = try SavedRun.api(named: name, config: config)
        guard api.kind == nil, api.openapi == nil, api.graphql == nil else {
            throw ValidationError("\(Sanitize.line(name)) is read from \(api.kind.map { "the preset \($0)" } ?? api.openapi != nil ? "an OpenAPI document" : "a GraphQL schema"); list specs are for saved lists")
        }
        let run = try await SavedRun.resolve(api)
        let lists = try list.map { wanted in
            guard let found = run.resolved.tabs.first(where: { $0.name == wanted }) else {
                throw ValidationError("'\(Sanitize.line(wanted))' is not a list of \(Sanitize.line(name)) (\(run.resolved.tabs.map(\.name).joined(separator: ", ")))")
            }
            return [found]
        } ?? run.resolved.tabs
        let made = try await run.connect(try source.connect(), offline: source.cache.offline)
        var blocks: [String] = []
        for tab in lists {
            let (listed, query, _) = try await run.listSource(named: tab.name, transport: made.transport, tracer: made.tracer)
            guard let any = AnyAPISource.of(listed) else { continue }
            let first = try? await firstItem(any, query, transport: made.transport)
            let spec = any.card.spec.inForce(reading: any.pages.reading, first: first)
            let saved = api.lists.first { $0.name == tab.name }
            blocks.append(spec.toml(api: api.name, list: tab.name, path: saved?.path ?? tab.url,
                                    items: tab.items ?? (any.pages.reading.items.isEmpty ? nil : any.pages.reading.items.joined(separator: "."))))
        }
        print(blocks.joined(separator: "\n"), terminator: "")
    }

    /// The list's first record (its first page asked through the caches).
    private func firstItem(_ listed: AnyAPISource, _ query: ListQuery, transport: any Transport) async throws -> JSONItem? {
        let request = listed.firstPage(for: query)
        let page = try listed.decodePage(try await transport.send(request.http), for: request, of: query)
        guard case .json(let item, _)? = page.items.first else { return nil }
        return item
    }
}
