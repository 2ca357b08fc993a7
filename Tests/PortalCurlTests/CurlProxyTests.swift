import Foundation
import Synchronization
import Testing
import PortalCore
import PortalCurl
import PortalTestSupport

/// The proxy variables as curl reads them (and `HTTP_PROXY`, which curl does not), against
/// a loopback proxy that answers absolute-form requests and records what it was asked.
@Suite("CurlTransport goes through the proxy the environment names", .serialized)
struct CurlProxyTests {
    /// A proxy that answers every request itself and keeps each request line.
    final class LoopbackProxy: Sendable {
        let server: LoopbackServer
        private let lines: RequestLines

        /// The request lines seen so far.
        final class RequestLines: Sendable {
            let seen = Mutex<[String]>([])
        }

        init() throws {
            let lines = RequestLines()
            self.lines = lines
            server = try LoopbackServer { head in
                lines.seen.withLock { $0.append(head.components(separatedBy: "\r\n").first ?? "") }
                return LoopbackServer.response("200 OK", body: #"{"via":"proxy"}"#)
            }
        }

        var requestLines: [String] { lines.seen.withLock { $0 } }
        var url: String { server.baseURL }
    }

    static func transport(_ variables: [String: String]) -> CurlTransport {
        var config = CurlTransport.Configuration()
        config.proxies = ProxyEnvironment(variables)
        config.idleTimeout = 5
        return CurlTransport(configuration: config)
    }

    @Test(arguments: ["HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"])
    func anHTTPRequestGoesThroughTheNamedProxy(variable: String) async throws {
        let proxy = try LoopbackProxy()
        defer { proxy.server.stop() }
        let url = try #require(URL(string: "http://api.example.test:8123/api/character?page=2"))
        let response = try await Self.transport([variable: proxy.url]).send(HTTPRequest(url: url))
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"via":"proxy"}"#)
        #expect(proxy.requestLines == ["GET http://api.example.test:8123/api/character?page=2 HTTP/1.1"])
        #expect(response.proxy == proxy.url)
    }

    @Test(arguments: ["127.0.0.1", "*", "localhost,127.0.0.0/8", " other.test 127.0.0.1"])
    func noProxyNamingTheHostGoesDirect(noProxy: String) async throws {
        let proxy = try LoopbackProxy()
        defer { proxy.server.stop() }
        let server = try LoopbackServer { _ in LoopbackServer.response("200 OK", body: #"{"via":"direct"}"#) }
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL + "/api/character"))
        let response = try await Self.transport(["HTTP_PROXY": proxy.url, "NO_PROXY": noProxy]).send(HTTPRequest(url: url))
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"via":"direct"}"#)
        #expect(proxy.requestLines.isEmpty && server.requestCount == 1)
        #expect(response.proxy == nil)
    }

    /// As a CGI program, `HTTP_PROXY` may come from a request's `Proxy:` header: not read then.
    @Test func httpProxyIsIgnoredUnderCGI() async throws {
        let proxy = try LoopbackProxy()
        defer { proxy.server.stop() }
        let server = try LoopbackServer { _ in LoopbackServer.response("200 OK", body: "{}") }
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL + "/a"))
        _ = try await Self.transport(["HTTP_PROXY": proxy.url, "REQUEST_METHOD": "GET"]).send(HTTPRequest(url: url))
        #expect(proxy.requestLines.isEmpty && server.requestCount == 1)
    }

    /// https goes through the proxy as a CONNECT tunnel; the proxy here refuses it.
    @Test func anHTTPSRequestAsksTheProxyForATunnel() async throws {
        let proxy = try LoopbackProxy()
        defer { proxy.server.stop() }
        let url = try #require(URL(string: "https://api.example.test/api/character"))
        let credentialed = proxy.url.replacingOccurrences(of: "http://", with: "http://me:pw@")
        await #expect(throws: TransportError.self) {
            _ = try await Self.transport(["HTTPS_PROXY": credentialed]).send(HTTPRequest(url: url))
        }
        #expect(proxy.requestLines.first?.hasPrefix("CONNECT api.example.test:443 HTTP/1.1") == true, "\(proxy.requestLines)")
    }

    @Test func theProxyIsShownWithoutItsCredentials() {
        #expect(ProxyEnvironment.shown("http://me:s3cr3t@proxy.corp:3128/") == "http://proxy.corp:3128")
        #expect(ProxyEnvironment.shown("proxy.corp:3128") == "http://proxy.corp:3128")
        #expect(ProxyEnvironment.shown("socks5h://u@[::1]:1080") == "socks5h://[::1]:1080")
    }

    @Test func theVariablesAreReadByCurlsRules() throws {
        let http = try #require(SplitURL("http://api.example.com/x")?.origin)
        let https = try #require(SplitURL("https://api.example.com/x")?.origin)
        func proxy(_ variables: [String: String], _ origin: Origin) -> String? { ProxyEnvironment(variables).proxy(for: origin) }
        #expect(proxy(["https_proxy": "a:1", "HTTPS_PROXY": "b:1"], https) == "a:1")
        #expect(proxy(["HTTPS_PROXY": "b:1", "http_proxy": "c:1"], https) == "b:1")
        #expect(proxy(["HTTPS_PROXY": "b:1"], http) == nil)
        #expect(proxy(["http_proxy": "a:1", "HTTP_PROXY": "b:1"], http) == "a:1")
        #expect(proxy(["HTTP_PROXY": "b:1", "ALL_PROXY": "c:1"], http) == "b:1")
        #expect(proxy(["ALL_PROXY": "c:1", "all_proxy": "d:1"], https) == "d:1")
        // Set but empty: no proxy, and no falling back to all_proxy (as curl).
        #expect(proxy(["https_proxy": "", "ALL_PROXY": "c:1"], https) == nil)
        for covered in ["example.com", ".example.com", "api.example.com", "EXAMPLE.com.", "x.test, example.com"] {
            #expect(proxy(["ALL_PROXY": "c:1", "NO_PROXY": covered], https) == nil, "\(covered)")
        }
        for other in ["ample.com", "pi.example.com", "www.api.example.com", "10.0.0.0/8"] {
            #expect(proxy(["ALL_PROXY": "c:1", "no_proxy": other], https) == "c:1", "\(other)")
        }
        // Lower case first, as curl reads it.
        #expect(proxy(["ALL_PROXY": "c:1", "no_proxy": "other.test", "NO_PROXY": "example.com"], https) == "c:1")
        let v4 = try #require(SplitURL("http://10.1.2.3:80/")?.origin)
        #expect(proxy(["ALL_PROXY": "c:1", "NO_PROXY": "10.0.0.0/8"], v4) == nil)
        #expect(proxy(["ALL_PROXY": "c:1", "NO_PROXY": "10.1.2.4"], v4) == "c:1")
        let v6 = try #require(SplitURL("http://[fd00::5]:80/")?.origin)
        #expect(proxy(["ALL_PROXY": "c:1", "NO_PROXY": "fd00::/8"], v6) == nil)
        #expect(proxy(["ALL_PROXY": "c:1", "NO_PROXY": "fe80::/10"], v6) == "c:1")
    }
}
