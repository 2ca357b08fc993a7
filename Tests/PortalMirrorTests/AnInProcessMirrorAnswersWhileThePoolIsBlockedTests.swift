import Foundation
import PortalMirror
import Testing

/// An in-process mirror runs on threads of its own (`MirrorThreads`): a test that blocks
/// every thread of the cooperative pool (here on purpose, elsewhere by a long decode or a
/// wait) still gets its answers. On the pool, the mirror would wait for a thread that no
/// blocked request gives back, and every request would run to its timeout.
@Suite(.timeLimit(.minutes(1))) struct AnInProcessMirrorAnswersWhileThePoolIsBlockedTests {
    @Test func blockingRequestsFromEveryPoolThreadAreAnswered() async throws {
        try await MirrorServer.with(.inProcess(), data: Mirror.data) { m in
            let url = try #require(URL(string: m.origin + "/api/character/1"))
            // One more blocking task than the pool has threads: every thread is held at once.
            let count = ProcessInfo.processInfo.activeProcessorCount + 1
            let answers = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<count {
                    group.addTask { Self.blockingGET(url)?.contains(#""name":"Rick Sanchez""#) == true }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(answers == Array(repeating: true, count: count))
        }
    }

    /// The body of a GET that holds its thread until the answer (Foundation's synchronous
    /// read, whose transfer runs on threads of its own); nil on failure.
    static func blockingGET(_ url: URL) -> String? {
        (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    }
}
