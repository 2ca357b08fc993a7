import Foundation
import PortalConfig
import PortalCore
import PortalPaging
import PortalREST

/// `portal apis show NAME [LIST]`: the spec each list of an API is read with, as TOML to
/// paste into the config file and edit — what the file says, and for everything it leaves
/// out what the heuristics chose from the list's first answer (its paging dialect and
/// parameters, where the total is, the key, the card's title, subtitle and picture).
/// Resolved here, not in the executable, so the command only parses its arguments: the
/// saved API is signed in once for all its lists, and each list's first page is asked
/// through the caches, as `portal list` asks it.
extension SourceResolver {
    /// The specs in force of `request.saved`'s lists (only `list` when given): a saved
    /// API's from its first answers (over `connection` when given, else the request's own),
    /// a built-in preset's as its file says them.
    public func specsInForce(_ request: SourceRequest, list: String?, over connection: Connection? = nil) async throws -> String {
        let name = request.saved ?? ""
        let (file, path) = try SavedRun.load(config: request.config, environment: request.environment)
        if file.api(named: name) == nil, let preset = try Self.builtIn(name) { return try Self.presetText(preset, list: list) }
        let api = try SavedRun.api(named: name, in: file, path: path)
        guard api.kind == nil, api.openapi == nil, api.graphql == nil else {
            let from = api.kind.map { "the preset \($0)" } ?? (api.openapi != nil ? "an OpenAPI document" : "a GraphQL schema")
            throw SourceFailure.usage("\(Sanitize.line(name)) is read from \(from); list specs are for saved lists")
        }
        let run = try await SavedRun.resolve(api, environment: request.environment)
        let tabs = run.resolved.tabs
        let lists = try list.map { wanted throws(SourceFailure) in
            guard let found = tabs.first(where: { $0.name == wanted }) else {
                throw .usage("'\(Sanitize.line(wanted))' is not a list of \(Sanitize.line(name)) (\(tabs.map(\.name).joined(separator: ", ")))")
            }
            return [found]
        } ?? tabs
        let made = try await run.connect(try connection ?? request.connect(), offline: request.cache.offline)
        var blocks: [String] = []
        for tab in lists {
            let (listed, query, _) = try await run.listSource(named: tab.name, transport: made.transport, tracer: made.tracer, reporter: reporter)
            let path = api.lists.first { $0.name == tab.name }?.path ?? tab.url
            if let text = await SpecInForce.text(listed, query, transport: made.transport, api: api.name, list: tab.name, path: path, items: tab.items) {
                blocks.append(text)
            }
        }
        return blocks.joined(separator: "\n")
    }

    /// The built-in preset `name` (`rickandmorty`, `pokeapi`, `postgrest`), nil for none; a
    /// preset file that cannot be read is a usage error with its reason.
    static func builtIn(_ name: String) throws(SourceFailure) -> SavedAPI? {
        do {
            return try BuiltInPresets.api(named: name)
        } catch {
            throw .usage(Sanitize.line(error.description))
        }
    }

    /// A built-in preset's lists as its file says them (no request: a preset's spec is
    /// complete), the way a saved API's are printed.
    static func presetText(_ api: SavedAPI, list: String?) throws(SourceFailure) -> String {
        let lists = api.lists.filter { list == nil || $0.name == list }
        guard !lists.isEmpty else {
            throw .usage("'\(Sanitize.line(list ?? ""))' is not a list of \(api.name) (\(api.lists.map(\.name).joined(separator: ", ")))")
        }
        return lists.map { $0.spec.toml(api: api.name, list: $0.name, path: $0.path, items: $0.items) }.joined(separator: "\n")
    }
}

/// The spec a list of any API is read with, as TOML (`ListSpec.inForce`, `ListSpec.toml`);
/// `portal list NAME LIST --explain` and `portal list --url URL --explain` say the same.
public enum SpecInForce {
    /// `listed`'s spec completed from its reading and first record (its first page asked
    /// through `transport`, so the caches answer), as the table `[apis.API.lists.LIST]`;
    /// nil when `listed` is no list of any API.
    public static func text(_ listed: any Source, _ query: ListQuery, transport: any Transport, api: String, list: String, path: String,
                            items: String?) async -> String? {
        guard let any = AnyAPISource.of(listed) else { return nil }
        let first = try? await firstItem(any, query, transport: transport)
        let reading = any.pages.reading
        return any.card.spec.inForce(reading: reading, first: first)
            .toml(api: api, list: list, path: path, items: items ?? (reading.items.isEmpty ? nil : reading.items.joined(separator: ".")))
    }

    /// The list's first record (its first page asked through the caches).
    private static func firstItem(_ listed: AnyAPISource, _ query: ListQuery, transport: any Transport) async throws -> Record? {
        let request = listed.firstPage(for: query)
        let page = try listed.decodePage(try await transport.send(request.http), for: request, of: query)
        return page.items.first?.record
    }
}
