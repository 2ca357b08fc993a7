import ArgumentParser
import Foundation
import PortalCore
import PortalMCP
import PortalSources

/// The catalog `portal mcp` serves, each API opened by the same resolver the browser and
/// `portal list` use (`SourceResolver`, `.agent`): one connection (the caches, the trace)
/// shared by all, a saved API's secrets read and its sign-in made only when an agent
/// first uses it.
extension MCPCommand {
    func catalog() async throws -> MCPCatalog {
        let request = source.request
        let made = try request.connect()
        let http = request.network(beside: made)
        var apis: [MCPAPI] = []
        if let api = commandLineAPI(request, made) { apis.append(api) }
        let (file, path) = try SavedRun.load(config: config)
        let saved = file.apis.map { saved in
            var asked = request
            (asked.saved, asked.config) = (saved.name, config)
            let savedRequest = asked
            return MCPAPI(name: saved.name, title: saved.name, origin: "saved in \(path)") {
                try await Self.opening("saved API \(saved.name)") { try await Self.open(savedRequest, over: http) }
            }
        }
        for preset in try presets(request, made) where !file.apis.contains(where: { $0.name == preset.name }) { apis.append(preset) }
        return MCPCatalog(apis: apis + saved)
    }

    /// The built-in presets the request serves (`SourceRequest.presetsForAgents`).
    private func presets(_ request: SourceRequest, _ made: Connection) throws -> [MCPAPI] {
        let origin = request.data != nil ? "built-in, offline snapshot" : "built-in"
        let choices = request.presetsForAgents
        return try choices.map { choice in
            _ = try choice.settings(asServed: true)  // a preset file that cannot be read fails the server now
            let preset = choice.preset
            return MCPAPI(name: preset.kind.rawValue, title: preset.title, origin: origin) {
                try await Self.opening(preset.kind.rawValue) { try await Self.open(choice, over: made) }
            }
        }
    }

    /// The API `--url`, `--graphql` or `--openapi` names, if any.
    private func commandLineAPI(_ request: SourceRequest, _ made: Connection) -> MCPAPI? {
        if let url = request.url {
            return MCPAPI(name: "url", title: request.label, origin: "--url \(Sanitize.line(url))") {
                try await Self.opening("--url") { try await Self.open(request, over: made) }
            }
        }
        guard request.graphql != nil || request.openapi != nil else { return nil }
        let name = request.graphql != nil ? "graphql" : "openapi"
        // The endpoint's host without its port; the document's as the browser names it.
        let title = request.graphql.flatMap { URL(string: $0)?.host } ?? request.label
        return MCPAPI(name: name, title: Sanitize.line(title), origin: "--\(name)") {
            try await Self.opening("--\(name)") { try await Self.open(request, over: made) }
        }
    }

    /// The API `request` names, as an agent reads it (items as served, each list's answer
    /// read when used), over `made`.
    static func open(_ request: SourceRequest, over made: Connection) async throws -> MCPOpenedAPI {
        let resolved = try await SourceResolver(reporter: StandardErrorReporting()).resolve(request, for: .agent, over: made)
        var opened = MCPOpenedAPI(source: resolved.source, transport: resolved.connection.transport, baseURL: resolved.baseURL,
                                  styles: resolved.reading.map { [resolved.source.tabs[0].kind: $0.paging.name] } ?? [:],
                                  listNames: resolved.listNames)
        opened.textFilters = resolved.textFilters
        return opened
    }

    /// `open`, its failures said as one sentence naming `what` (never a secret: the
    /// messages of the resolver name keys, not values).
    static func opening(_ what: String, _ open: () async throws -> MCPOpenedAPI) async throws -> MCPOpenedAPI {
        do {
            return try await open()
        } catch let error as SourceFailure {
            throw ToolError("\(what): \(Sanitize.line(error.message))")
        } catch let error as ValidationError {
            throw ToolError("\(what): \(Sanitize.line(error.message))")
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError("\(what) could not be opened: \(Sanitize.line("\(error)"))")
        }
    }
}
