import Foundation
import PortalTestSupport
import Synchronization
import Testing

/// `portal list --url` against servers whose answers would make a tree many times their
/// size (issue 27, item 4): a 7 MiB string inside 120 nested arrays held 951 MB; an answer
/// nested past the bound or made of millions of tiny values is refused with one clear line,
/// never retried, and what was listed before it stays printed.
@Suite(.enabled(if: EndToEndEnvironment.portal != nil, "needs a built portal binary"), .serialized)
struct AmplifyingAnswersAreRefusedInOneLineEndToEndTests {
    /// A server of a cursor-style list: page 1 holds `first`, and its `next` leads to page
    /// 2, whose body is `second` (raw JSON).
    static func server(second: String) throws -> LoopbackServer {
        let base = Mutex("")
        let server = try LoopbackServer { head in
            let target = LoopbackServer.target(of: head)
            if target.contains("page=2") { return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: second) }
            let items = (1...3).map { #"{"id":\#($0),"name":"Item \#($0)"}"# }.joined(separator: ",")
            let next = base.withLock { $0 } + "/things?page=2"
            return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"],
                                           body: #"{"next":"\#(next)","results":[\#(items)]}"#)
        }
        base.withLock { $0 = server.baseURL }
        return server
    }

    func list(_ server: LoopbackServer) throws -> Spawn.Result {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "PORTAL_API_KEY")
        return try Spawn.run(EndToEndEnvironment.portal ?? "portal", ["list", "--url", server.baseURL + "/things", "--no-cache"],
                             environment: environment, scratch: FileManager.default.temporaryDirectory)
    }

    static func nested(_ depth: Int, around value: String) -> String {
        String(repeating: "[", count: depth) + value + String(repeating: "]", count: depth)
    }

    /// What the answer holds, by name (built inside the test: a multi-megabyte argument
    /// would be printed whole in the test log), and what portal must say of it.
    static let pastTheBound: [(shape: String, said: String)] = [
        ("300 nested arrays", "answer too deeply nested"),
        ("3,500,000 zeros", "answer too large to hold"),
    ]

    static func value(of shape: String) -> String {
        shape == "300 nested arrays"
            ? nested(300, around: "1")
            : "[" + Array(repeating: "0", count: 3_500_000).joined(separator: ",") + "]"
    }

    @Test(arguments: pastTheBound)
    func anAnswerPastTheBoundIsOneLineNotRetried(shape: String, said: String) async throws {
        let value = Self.value(of: shape)
        try await offThePool {
            let server = try Self.server(second: #"{"next":null,"results":[{"id":4,"name":"Item 4","x":\#(value)}]}"#)
            defer { server.stop() }
            let result = try list(server)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains(said) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(server.requestCount == 2)
            #expect(result.stdout.split(separator: "\n").count == 3)
        }
    }

    /// The tree shares the body: a 7 MiB string 120 arrays deep costs a few copies of the
    /// answer, not one per level (951 MB before).
    @Test func aLongStringNestedDeepCostsAFewCopiesOfTheAnswer() async throws {
        try await offThePool {
            let small = try Self.server(second: #"{"next":null,"results":[{"id":4,"name":"Item 4"}]}"#)
            defer { small.stop() }
            let baseline = try list(small)
            #expect(baseline.status == 0, "\(baseline.stderr)")

            let blob = Self.nested(120, around: "\"" + String(repeating: "x", count: 7 * 1_048_576) + "\"")
            let server = try Self.server(second: #"{"next":null,"results":[{"id":4,"name":"Item 4","blob":\#(blob)}]}"#)
            defer { server.stop() }
            let result = try list(server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == 4)
            let growthMiB = (result.peakMemoryKiB - baseline.peakMemoryKiB) / 1024
            #expect(growthMiB < 160, "peak \(result.peakMemoryKiB / 1024) MiB, \(growthMiB) MiB over a small list")
        }
    }
}
