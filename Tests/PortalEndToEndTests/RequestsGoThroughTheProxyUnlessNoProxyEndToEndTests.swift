import Foundation
import PortalTestSupport
import Synchronization
import Testing

/// `portal list` behind a proxy: a loopback proxy that answers absolute-form requests sees
/// portal's requests when `HTTP_PROXY` points at it (and `--trace` names it), and none
/// when `NO_PROXY` names the host.
@Suite(.enabled(if: EndToEndEnvironment.portal != nil, "needs a built portal binary"), .serialized)
struct RequestsGoThroughTheProxyUnlessNoProxyEndToEndTests {
    /// A server that answers one page of 20 characters and keeps each request line.
    final class PageServer: Sendable {
        final class Lines: Sendable { let seen = Mutex<[String]>([]) }
        let server: LoopbackServer
        let lines = Lines()

        init() throws {
            let lines = lines
            server = try LoopbackServer { head in
                lines.seen.withLock { $0.append(head.components(separatedBy: "\r\n").first ?? "") }
                return MisbehavingServersEndInOneLineEndToEndTests.page(ids: Array(1...20), next: "null")
            }
        }

        var requestLines: [String] { lines.seen.withLock { $0 } }
    }

    static let proxyVariables = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY", "REQUEST_METHOD"]

    func list(baseURL: String, environment extra: [String: String], trace: URL) throws -> Spawn.Result {
        var environment = ProcessInfo.processInfo.environment
        for name in Self.proxyVariables { environment[name] = nil }
        environment.merge(extra) { _, new in new }
        return try Spawn.run(EndToEndEnvironment.portal ?? "portal", ["list", "characters", "--no-cache", "--base-url", baseURL, "--trace", trace.path],
                             environment: environment, scratch: FileManager.default.temporaryDirectory)
    }

    static func traceFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("proxy-\(UInt32.random(in: 0...UInt32.max)).jsonl")
    }

    @Test func httpProxyCarriesEveryRequestAndTheTraceNamesIt() async throws {
        try await offThePool {
            let proxy = try PageServer()
            defer { proxy.server.stop() }
            let trace = Self.traceFile()
            defer { try? FileManager.default.removeItem(at: trace) }
            let result = try list(baseURL: "http://api.example.test/api", environment: ["HTTP_PROXY": proxy.server.baseURL], trace: trace)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == 20)
            #expect(proxy.requestLines == ["GET http://api.example.test/api/character HTTP/1.1"], "\(proxy.requestLines)")
            let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(#""proxy":"\#(proxy.server.baseURL)""#), "\(lines)")
        }
    }

    @Test func noProxyNamingTheHostGoesDirect() async throws {
        try await offThePool {
            let proxy = try PageServer()
            defer { proxy.server.stop() }
            let server = try PageServer()
            defer { server.server.stop() }
            let trace = Self.traceFile()
            defer { try? FileManager.default.removeItem(at: trace) }
            let result = try list(baseURL: server.server.baseURL + "/api",
                                  environment: ["HTTP_PROXY": proxy.server.baseURL, "NO_PROXY": "localhost,127.0.0.1"], trace: trace)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(proxy.requestLines.isEmpty && server.requestLines == ["GET /api/character HTTP/1.1"], "\(proxy.requestLines) \(server.requestLines)")
            #expect(try !String(contentsOf: trace, encoding: .utf8).contains("proxy"))
        }
    }
}
