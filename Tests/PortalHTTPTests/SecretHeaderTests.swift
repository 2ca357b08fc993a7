import AsyncHTTPClient
import Foundation
import Testing
@testable import PortalCore
@testable import PortalHTTP
import PortalTestSupport

/// A header value that HTTP does not allow (a key pasted with its comment line) is a local
/// mistake: it is refused before anything goes out, the error never quotes it, and it is
/// never retried.
@Suite("Secrets in headers never leave")
struct SecretHeaderTests {
    @Test func aControlCharacterInAHeaderValueIsRefusedOnceWithoutQuotingIt() async throws {
        let server = try LoopbackServer { _ in LoopbackServer.response("200 OK", headers: [:], body: "[]") }
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL + "/api/character"))
        let counting = CountingTransport(AsyncHTTPTransport())
        let sender = RetryingSender(transport: counting, policy: RetryPolicy(), clock: ManualClock(), random: { 0 })
        let request = HTTPRequest(url: url, headers: ["Authorization": "Bearer s3cr3t\n# my staging key"])
        let result: Result<Int, PageFailure> = await sender.send(request) { _ throws(PageFailure) in 1 }
        guard case .failure(let failure) = result else {
            Issue.record("a request with a line break in a header value went out")
            return
        }
        #expect(counting.count == 1, "retried \(counting.count - 1) times")
        #expect(!failure.message.contains("s3cr3t") && !failure.message.contains("staging"), "\(failure.message)")
        #expect(!failure.isTransient)
        #expect(failure.message.contains("Authorization"))
    }

    @Test func theClientsOwnErrorTextNeverReachesAMessage() {
        let origin = try! #require(SplitURL("http://127.0.0.1:9/api")?.origin)
        let configuration = AsyncHTTPTransport.Configuration()
        let mapped = TransportErrorMapping.map(
            HTTPClientError.invalidHeaderFieldValues(["Bearer s3cr3t\u{1B}]0;x\u{07}"]), origin: origin, configuration: configuration)
        #expect(!mapped.description.contains("s3cr3t"), "\(mapped)")
        guard case .invalidRequest = mapped else {
            Issue.record("not an invalid request: \(mapped)")
            return
        }
        // An error type portal does not know is named, never described.
        struct Quoting: Error, CustomStringConvertible { var description: String { "header apikey: s3cr3t" } }
        let other = TransportErrorMapping.map(Quoting(), origin: origin, configuration: configuration)
        #expect(!other.description.contains("s3cr3t"), "\(other)")
        let names = TransportErrorMapping.map(
            HTTPClientError.invalidHeaderFieldNames(["s3cr3t\n"]), origin: origin, configuration: configuration)
        #expect(!names.description.contains("s3cr3t"), "\(names)")
    }

    @Test func aLocalValidationErrorIsNeverRetried() {
        let failure = PageFailure(.transport(.invalidRequest("a header")), "request not sent")
        #expect(RetryPolicy().delay(after: failure, attempt: 1, random: 0) == nil)
    }
}
