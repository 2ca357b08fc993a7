import Foundation
import Testing
import PortalCore
import PortalHTTP
import PortalTestSupport

/// Answers the HTTP parser refuses (a header section past its limit, control bytes in a
/// header, a status line that is none): one clear "malformed answer", sent once. Asking
/// again would get the same bytes, so the retry loop must not (it once retried such an
/// answer 12 times in 28 s as "connection failed: HTTPParserError").
@Suite("Malformed answers", .serialized)
struct MalformedAnswerTests {
    static let hugeLink = "<http://127.0.0.1/api?page=2&pad=" + String(repeating: "x", count: 90 * 1024) + ">; rel=\"next\""

    /// Raw answers the parser cannot read.
    static let answers: [String] = [
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nLink: \(hugeLink)\r\nContent-Length: 2\r\n\r\n[]",
        "HTTP/1.1 302 Found\r\nLocation: /api/x\u{01}\u{1B}]52;c;aGk=\u{07}y\r\nContent-Length: 0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nX-Bad\u{00}Name: v\r\nContent-Length: 2\r\n\r\n[]",
        "HTTX/9.9 ??? Nope\r\nContent-Length: 2\r\n\r\n[]",
    ]

    @Test(arguments: answers.indices)
    func aMalformedAnswerIsOneClearFailureAndNeverRetried(index: Int) async throws {
        let raw = Array(Self.answers[index].utf8)
        let server = try LoopbackServer { _ in .bytes(raw) }
        defer { server.stop() }
        let request = HTTPRequest(url: try #require(URL(string: server.baseURL + "/api/list")))
        let transport = AsyncHTTPTransport()
        do {
            _ = try await transport.send(request)
            Issue.record("a malformed answer was read")
        } catch let error as TransportError {
            guard case .malformedAnswer(let why) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(!why.isEmpty && !why.contains("HTTPParserError"))
            #expect(error.description.hasPrefix("malformed answer: "))
            #expect(!error.description.unicodeScalars.contains { Sanitize.isControl($0) })
        }
        // Through the one retry loop, with its real policy: one more request, no retry.
        let before = server.requestCount
        let sender = RetryingSender(transport: transport, clock: ManualClock(), random: { 0 })
        let result = await sender.send(request) { response throws(PageFailure) in response.status }
        guard case .failure(let failure) = result else {
            Issue.record("decoded \(result)")
            return
        }
        #expect(!failure.isTransient)
        #expect(failure.message.contains("malformed answer"), "\(failure.message)")
        #expect(server.requestCount == before + 1)
    }
}
