import Foundation
import MCP
@testable import PortalMCP
import PortalCore
import PortalPresets
import PortalTestSupport
import Synchronization
import PortalPaging
import PortalREST

/// A catalog over the snapshot (Rick and Morty, counted, behind the session's memory cache)
/// and a list served from a fixed body, and the text of a tool's answer. Its calls' time
/// limits run on `time`, which passes only when the `slow` list's request waits: no test
/// here races the real clock.
struct MCPTestCatalog {
    let network: CountingTransport
    let fixed: FixedBodyTransport
    let time = HeldTime()
    let server: PortalMCPServer

    init(limits: MCPLimits = MCPLimits(), body: String = #"[{"id":1,"name":"a"}]"#, slow: Bool = false) {
        let network = CountingTransport(TestData.snapshot)
        self.network = network
        let cached = CachingTransport(wrapping: network)
        let preset = APIRegistry.presets[0]
        let rickandmorty = MCPAPI(name: "rickandmorty", title: preset.title, origin: "test") {
            var settings = SourceSettings(baseURL: preset.snapshotBaseURL, asServed: true)
            settings.presetLists = TestData.rickAndMortyLists
            return MCPOpenedAPI(source: preset.makeSource(settings),
                         transport: cached, baseURL: preset.snapshotBaseURL)
        }
        let fixed = FixedBodyTransport(body: body, slow: slow, whenWaiting: { [time] in time.runOut() })
        self.fixed = fixed
        let odd = MCPAPI(name: "odd", title: "odd", origin: "test") {
            let url = FixedBodyTransport.url
            let reading = try await DialectProbe.detect(url: url, headers: [:], overrides: .init(), sender: RetryingSender(transport: fixed)).get()
            return MCPOpenedAPI(source: AnyAPISource(pages: AnyAPIPages(url: url, reading: reading)), transport: fixed, baseURL: BaseURL(url.absoluteString))
        }
        server = PortalMCPServer(catalog: MCPCatalog(apis: [rickandmorty, odd]), limits: limits.on(time))
    }

    func call(_ tool: String, _ arguments: [String: Value]? = nil) async -> (text: String, isError: Bool) {
        await Server(server).call(tool, arguments)
    }

    func json(_ tool: String, _ arguments: [String: Value]? = nil) async throws -> [String: Any] {
        try await Server(server).json(tool, arguments)
    }

    /// Any catalog's server, called as a client would.
    struct Server {
        let server: PortalMCPServer
        init(_ server: PortalMCPServer) { self.server = server }

        /// The answer's text and whether it is a tool error.
        func call(_ tool: String, _ arguments: [String: Value]? = nil) async -> (text: String, isError: Bool) {
            let result = await server.call(tool, arguments)
            let text = result.content.compactMap { part -> String? in
                if case .text(let text, _, _) = part { return text }
                return nil
            }.joined()
            return (text, result.isError ?? false)
        }

        /// The answer parsed as a JSON object (Foundation's reader: a second opinion on the writer).
        func json(_ tool: String, _ arguments: [String: Value]? = nil) async throws -> [String: Any] {
            let (text, _) = await call(tool, arguments)
            return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
        }
    }
}

/// Answers every request with one JSON body (or, `slow`, the first only: later ones say
/// `whenWaiting` and wait until cancelled), as a server that names no paging would.
final class FixedBodyTransport: PortalCore.Transport {
    static let url = URL(string: "http://odd.test/items")!
    let body: String
    let slow: Bool
    let asked = Mutex(0)
    /// Requests that were waiting when their task was cancelled.
    let cancelled = Mutex(0)

    let whenWaiting: @Sendable () -> Void

    init(body: String, slow: Bool, whenWaiting: @escaping @Sendable () -> Void = {}) {
        self.body = body
        self.slow = slow
        self.whenWaiting = whenWaiting
    }

    func send(_ request: PortalCore.HTTPRequest) async throws -> PortalCore.HTTPResponse {
        let count = asked.withLock { value in
            value += 1
            return value
        }
        if slow, count > 1 {
            whenWaiting()
            do { try await Task.sleep(for: .seconds(3_600)) } catch {
                cancelled.withLock { $0 += 1 }
                throw error
            }
        }
        return PortalCore.HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}
