import Foundation
import PortalCore
import PortalDemoModels
import PortalMirror
import Testing
import PortalJSON

/// `portal list TABLE --api postgrest --base-url …/rest/v1 --email … --live` against a
/// mirror with `--churn` and 3-second tokens: the built binary signs in, follows the
/// table's `postgres_changes` over the mirror's Realtime and prints each change as one
/// NDJSON line — every change the mirror made after the join, in order, none lost — through
/// a token renewal (the session's new token sent as `access_token`, so the channel is
/// never shut for an expired token: nothing on stderr).
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason), .timeLimit(.minutes(2)))
struct ListLiveFollowsRealtimeThroughATokenRenewalEndToEndTests {
    @Test func eachChangeIsOneNDJSONLineThroughATokenRenewal() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PORTAL_API_KEY"] = "anon-key"
        environment["PORTAL_PASSWORD"] = "PW"
        let frozen = environment
        let (result, made, publicURL) = try await SupabasesPythonClientReadsTheMirrorsRealtimeTests.withRealtimeMirror(churn: 20) { m in
            let arguments = ["list", "characters", "--api", "postgrest", "--base-url", m.origin + "/rest/v1", "--email", "ann@example.com",
                             "--live", "--limit", "100", "--no-cache"]
            let result = try await offThePool {
                try Spawn.run(EndToEndEnvironment.portal ?? "portal", arguments, environment: frozen, scratch: FileManager.default.temporaryDirectory)
            }
            return (result, m.churn?.changes(after: 0).changes ?? [], m.publicURL)
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "no reconnection, no note: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 100)
        let read = lines.compactMap { try? JSONNode.parse(Data($0.utf8)).node }
        func kind(_ change: ChurnChange) -> String { change.kind.rawValue }
        func same(_ line: JSONNode, _ change: ChurnChange) -> Bool {
            line["type"]?.string == kind(change) && line["key"] == .number(String(change.record.id))
        }
        // Where the printed lines start among the mirror's changes: the same change (kind and
        // key) can have been made before the join too, so the start is the one from which the
        // most lines agree, not the first change that looks like the first line.
        func agreeing(from start: Int) -> Int {
            zip(read, made[start...]).prefix { same($0, $1) }.count
        }
        let first = try #require(read.first)
        let start = try #require(made.indices.filter { same(first, made[$0]) }.max { agreeing(from: $0) < agreeing(from: $1) })
        let encoding = APIJSONEncoding(baseURL: BaseURL(publicURL))
        for (offset, line) in read.enumerated() {
            let change = try #require(made.count > start + offset ? made[start + offset] : nil)
            #expect(line["type"]?.string == kind(change) && line["key"] == .number(String(change.record.id)))
            #expect(line["event_id"] == nil)
            if change.kind == .deleted {
                #expect(line["record"] == .object([]) || line["record"]?["id"] == .number(String(change.record.id)))
            } else {
                var w = JSONWriter()
                encoding.write(change.record, into: &w)
                let expected = try JSONSerialization.jsonObject(with: Data(w.bytes)) as? NSDictionary
                let printed = try JSONSerialization.jsonObject(with: Data(lines[offset].utf8)) as? NSDictionary
                #expect(printed?["record"] as? NSDictionary == expected)
            }
        }
    }
}
