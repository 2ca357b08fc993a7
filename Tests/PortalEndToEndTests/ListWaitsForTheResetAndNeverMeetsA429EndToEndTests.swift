import Foundation
import PortalMirror
import PortalTestSupport
import Testing

/// `portal list` against the mirror in rate-limit mode (issue 35, item 19): in every header
/// style it waits for the reset when the budget is spent, says so on stderr, and never
/// meets a 429.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason), .serialized)
struct ListWaitsForTheResetAndNeverMeetsA429EndToEndTests {
    /// 3 requests a 2-second window: the 7 pages of 140 characters, read at once, spend at
    /// least one window whole, wherever the windows' edges fall.
    @Test(arguments: [MirrorRateHeaders.ietf, .ietfFields, .xRateLimit, .github])
    func aListWaitsForTheResetInsteadOfMeetingA429(style: MirrorRateHeaders) async throws {
        var options = MirrorOptions()
        options.port = 0
        options.log = .none
        options.dataFolder = EndToEndEnvironment.dataFolder ?? "."
        options.faults.rateLimit = 3
        options.faults.rateWindow = 2
        options.faults.rateHeaders = style
        let mirror = try await MirrorServer.start(options)
        let trace = ListExportsReadBackAndStayBoundedEndToEndTests.scratchFile("rate.jsonl")
        defer { try? FileManager.default.removeItem(at: trace) }
        let result = try await ListExportsReadBackAndStayBoundedEndToEndTests.run(["list", "characters", "--base-url", "\(mirror.origin)/api", "--to", "140", "--json", "--trace", trace.path])
        await mirror.stop()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 140)
        let statuses = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["status"] as? Int ?? -1
        }
        // No 429, and each page answered once. A 0 is a request that got no answer at all (a
        // kept-alive connection the server closed as it was reused): the transport sends it
        // again, and that is no rate limit met.
        #expect(!statuses.contains(429) && statuses.allSatisfy { $0 == 200 || $0 == 0 } && statuses.filter { $0 == 200 }.count == 7,
                "no 429, each page once: \(statuses)")
        let waits = result.stderr.split(separator: "\n")
        #expect(!waits.isEmpty && waits.allSatisfy { $0.hasPrefix("portal: rate limit reached: waiting until ") && $0.hasSuffix(" s)") },
                "\(result.stderr)")
    }
}
