import Foundation
import PortalCore
import Synchronization
import Testing
import PortalAuth

/// Credentials go only to the origins the user named: a request to another origin (an
/// OpenAPI document's `servers` naming one) is sent without the user's headers; the
/// source's own headers stay.
@Suite("Credentials only to the origins named")
struct CredentialScopeTests {
    /// Records which origin got which headers.
    final class Recorder: Transport {
        let seen = Mutex<[(origin: String, headers: [String: String])]>([])
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let origin = SplitURL(request.url.absoluteString)?.origin.description ?? "?"
            seen.withLock { $0.append((origin, request.headers)) }
            return HTTPResponse(status: 200, body: Data("[]".utf8))
        }
        func headers(at origin: String) -> [[String: String]] { seen.withLock { $0.filter { $0.origin == origin }.map(\.headers) } }
    }

    @Test func anotherOriginGetsNoCredentialOfTheUsers() async throws {
        let recorder = Recorder()
        let user = ["Authorization": "Bearer KEY-1", "X-Secret": "s-2"]
        let scope = CredentialScope(headers: user, named: ["https://docs.example.com/openapi.json", "http://127.0.0.1:9/api"])
        let transport = CredentialScopeTransport(wrapping: recorder, scope: scope)
        let sent = ["authorization": "Bearer KEY-1", "X-SECRET": "s-2", "Accept": "application/json", "Content-Type": "application/json"]
        for url in ["https://docs.example.com/v1/users", "https://other.example.net/v1/users", "http://127.0.0.1:9/api/x", "http://127.0.0.1:10/api/x",
                    "http://docs.example.com/v1/users"] {
            _ = try await transport.send(HTTPRequest(url: try #require(URL(string: url)), headers: sent))
        }
        #expect(recorder.headers(at: "https://docs.example.com:443") == [sent])
        #expect(recorder.headers(at: "http://127.0.0.1:9") == [sent])
        let stripped = ["Accept": "application/json", "Content-Type": "application/json"]
        // Another host, another port, another scheme: none of the user's headers.
        #expect(recorder.headers(at: "https://other.example.net:443") == [stripped])
        #expect(recorder.headers(at: "http://127.0.0.1:10") == [stripped])
        #expect(recorder.headers(at: "http://docs.example.com:80") == [stripped])
    }

    /// A header of a credential's name with another value is the source's own, and stays.
    @Test func aSourcesOwnHeaderOfTheSameNameStays() async throws {
        let scope = CredentialScope(headers: ["Authorization": "Bearer KEY-1"], named: ["https://a.example.com"])
        let request = HTTPRequest(url: try #require(URL(string: "https://b.example.com/x")), headers: ["Authorization": "Bearer other"])
        #expect(scope.scoped(request).headers == ["Authorization": "Bearer other"])
    }
}
