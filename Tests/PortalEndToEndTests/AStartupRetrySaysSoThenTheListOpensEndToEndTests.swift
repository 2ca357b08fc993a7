import Foundation
import PortalTestSupport
import Synchronization
import Testing

/// `portal --url` on a server that answers 503 before it answers: the retries of the first
/// answer, made before the screen opens, say so on the terminal instead of leaving it blank
/// for up to half a minute; then the list opens as usual.
@Suite(.enabled(if: EndToEndEnvironment.portal != nil, "needs a built portal binary"), .serialized)
struct AStartupRetrySaysSoThenTheListOpensEndToEndTests {
    @Test func aFirstAnswerBeingRetriedSaysSoThenTheListOpens() async throws {
        try await offThePool {
            let asked = Mutex(0)
            let server = try LoopbackServer { _ in
                let count = asked.withLock { $0 += 1; return $0 }
                if count <= 2 {
                    return LoopbackServer.response("503 Service Unavailable", headers: ["Retry-After": "2", "Content-Type": "application/json"],
                                                   body: #"{"detail":"warming up"}"#)
                }
                return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"],
                                               body: #"[{"id":1,"name":"Alpha"},{"id":2,"name":"Beta"}]"#)
            }
            defer { server.stop() }
            let session = try TmuxSession()
            defer { session.close() }
            let run = PortalRun(session, source: "--url '\(server.baseURL)/items' --no-cache")
            try session.type(line: "NO_COLOR=1 " + run.commandLine)
            let waiting = try session.waitFor(timeout: 60, "the retry said") { $0.contains("trying again (attempt 2)") }
            #expect(waiting.contains("503"), "\(waiting)")
            try session.waitFor(timeout: 60, "the list") { $0.contains("Alpha") && $0.contains("Beta") }
            try session.press("q")
            #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
            try run.expectSaneTerminal()
        }
    }
}
