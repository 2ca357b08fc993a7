import ArgumentParser
import Foundation
import PortalConfig
import PortalCore
import PortalCurl
import PortalMCP
import PortalOpenAPI

/// The catalog `portal mcp` serves, each API opened as the browser and `portal list` open
/// it (`SourceOptions`, `SavedRun`): one connection (the caches, the trace) shared by all,
/// a saved API's secrets read and its sign-in made only when an agent first uses it.
extension MCPCommand {
    func catalog() async throws -> MCPCatalog {
        let made = try source.connect()
        let http = network(beside: made)
        var apis: [MCPAPI] = []
        if let api = try commandLineAPI(made) { apis.append(api) }
        let (file, path) = try SavedRun.load(config: config)
        let saved = file.apis.map { saved in
            let made = http
            let offline = source.cache.offline
            return MCPAPI(name: saved.name, title: saved.name, origin: "saved in \(path)") {
                try await Self.opening("saved API \(saved.name)") { try await Self.open(saved, made: made, offline: offline) }
            }
        }
        for preset in try presets(made) where !file.apis.contains(where: { $0.name == preset.name }) { apis.append(preset) }
        return MCPCatalog(apis: apis + saved)
    }

    /// With `--data` the presets read the snapshot, while saved APIs still go over HTTP: a
    /// connection of their own, through the same trace and the disk cache. Else `made`.
    private func network(beside made: Connection) -> Connection {
        guard source.data != nil else { return made }
        let disk = source.cache.openIfUsed()
        var transport = source.cache.wrap(CurlTransport(), in: disk)
        if let tracer = made.tracer { transport = tracer.tracing(transport) }
        transport = CachingTransport(wrapping: transport, capacityBytes: CachingTransport.budget(diskBehind: disk != nil))
        return Connection(transport: transport, tracer: made.tracer, session: nil, email: nil, remember: nil)
    }

    /// The built-in presets: the one `--data` or `--base-url` names, else the ones with a
    /// public server (Rick and Morty, PokeAPI), read live.
    private func presets(_ made: Connection) throws -> [MCPAPI] {
        let origin = source.data != nil ? "built-in, offline snapshot" : "built-in"
        let choices: [SourceOptions]
        if source.data != nil || source.baseURL != nil {
            guard source.anyAPI.url == nil, source.graphQL.graphql == nil, source.openAPI.location == nil else { return [] }
            choices = [source]
        } else {
            choices = try APIRegistry.presets.filter { $0.liveBaseURL != nil }.map { try SourceOptions.parse(["--api", $0.kind.rawValue]) }
        }
        return try choices.map { options in
            let settings = try options.settings(asServed: true)
            let preset = options.api
            return MCPAPI(name: preset.kind.rawValue, title: preset.title, origin: origin) {
                MCPOpenedAPI(source: preset.makeSource(settings), transport: made.transport, baseURL: options.apiBaseURL)
            }
        }
    }

    /// The API `--url`, `--graphql` or `--openapi` names, if any.
    private func commandLineAPI(_ made: Connection) throws -> MCPAPI? {
        let options = source
        if let url = options.anyAPI.url {
            return MCPAPI(name: "url", title: options.label, origin: "--url \(Sanitize.line(url))") {
                try await Self.opening("--url") {
                    let (listed, reading) = try await options.anyAPISource(url: url, transport: made.transport, tracer: made.tracer)
                    return MCPOpenedAPI(source: listed, transport: made.transport, baseURL: BaseURL(url),
                                        styles: [listed.tabs[0].kind: reading.paging.name])
                }
            }
        }
        if options.graphQL.graphql != nil || options.openAPI.location != nil {
            let name = options.graphQL.graphql != nil ? "graphql" : "openapi"
            let title = options.graphQL.graphql.flatMap { URL(string: $0)?.host } ?? options.openAPILabel ?? options.label
            return MCPAPI(name: name, title: Sanitize.line(title), origin: "--\(name)") {
                try await Self.opening("--\(name)") { try await Self.described(options, made: made) }
            }
        }
        return nil
    }

    /// A saved API: its secrets, its sign-in, then its lists as the browser opens them.
    static func open(_ saved: SavedAPI, made: Connection, offline: Bool) async throws -> MCPOpenedAPI {
        let run = try await SavedRun.resolve(saved)
        let connection = try await run.connect(made, offline: offline)
        if let options = try run.describedOptions() { return try await described(options, made: connection) }
        if run.preset != nil {
            let options = try run.presetOptions()
            return MCPOpenedAPI(source: options.api.makeSource(try options.settings(asServed: true)), transport: connection.transport,
                                baseURL: options.apiBaseURL)
        }
        let listed = try await run.browseSource(transport: connection.transport, tracer: connection.tracer)
        return MCPOpenedAPI(source: listed, transport: connection.transport, baseURL: BaseURL(saved.url ?? ""),
                            listNames: run.resolved.tabs.map(\.name))
    }

    /// The lists a GraphQL schema or an OpenAPI document describes (a document that cannot be
    /// used is a sentence for the agent, not the end of the server).
    static func described(_ options: SourceOptions, made: Connection) async throws -> MCPOpenedAPI {
        if let found = try await options.graphQLSource(transport: made.transport, tracer: made.tracer) {
            return MCPOpenedAPI(source: found.source, transport: made.transport, baseURL: BaseURL(options.graphQL.graphql ?? ""))
        }
        guard let location = options.openAPI.location else { throw RuntimeFailure("nothing to open") }
        let tabs: OpenAPITabs
        let headers = try options.anyAPIHeaders()
        do throws(OpenAPIDocumentError) {
            tabs = try await OpenAPITabs.load(location: location, transport: made.transport, headers: headers)
        } catch {
            throw RuntimeFailure("the OpenAPI document: \(error.description)")
        }
        let listed = try await options.openAPISource(tabs, transport: made.transport, tracer: made.tracer).0
        var opened = MCPOpenedAPI(source: listed, transport: made.transport, baseURL: BaseURL(location), listNames: tabs.lists.map(\.name))
        for (tab, list) in zip(listed.tabs, tabs.lists) where !list.textParameters.isEmpty { opened.textFilters[tab.kind] = list.textParameters }
        return opened
    }

    /// `open`, its failures said as one sentence naming `what` (never a secret: the
    /// messages of SavedRun and the sources name keys, not values).
    static func opening(_ what: String, _ open: () async throws -> MCPOpenedAPI) async throws -> MCPOpenedAPI {
        do {
            return try await open()
        } catch let error as ValidationError {
            throw ToolError("\(what): \(Sanitize.line(error.message))")
        } catch let error as RuntimeFailure {
            throw ToolError("\(what): \(Sanitize.line(error.description))")
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError("\(what) could not be opened: \(Sanitize.line("\(error)"))")
        }
    }
}
