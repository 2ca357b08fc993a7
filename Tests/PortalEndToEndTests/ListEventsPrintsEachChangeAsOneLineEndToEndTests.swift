import Foundation
import PortalCore
import PortalDemoModels
import PortalMirror
import Testing
import PortalJSON

/// `portal list --url LIST --events URL` against a mirror with `--churn`: the built binary
/// prints each change as one NDJSON line, exactly the change the mirror made under that
/// event id; stops after `--limit` changes, at a closed pipe (status 0), and with status
/// 1 when the stream is refused.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct ListEventsPrintsEachChangeAsOneLineEndToEndTests {
    static func withChurningMirror(_ body: (RunningMirror) async throws -> Void) async throws {
        try await MirrorServer.with(.inProcess { options in
            options.dataFolder = EndToEndEnvironment.dataFolder ?? "../shared/data"
            options.churn = 20
        }, body)
    }

    /// `portal ARGUMENTS --no-cache | head -2` under bash's `pipefail`: the lines read, then
    /// `status=N`, the pipeline's status once `head` has closed the pipe.
    static func twoLinesIntoAClosedPipe(_ arguments: String) async throws -> [Substring] {
        let portal = EndToEndEnvironment.portal ?? "portal"
        let line = "set -o pipefail; timeout 120 '\(portal)' \(arguments) --no-cache | head -2; echo \"status=$?\""
        let result = try await offThePool {
            try Spawn.run("/bin/bash", ["-c", line], environment: ProcessInfo.processInfo.environment, scratch: FileManager.default.temporaryDirectory)
        }
        return result.stdout.split(separator: "\n")
    }

    static func run(_ arguments: [String]) async throws -> Spawn.Result {
        try await Spawn.portal(arguments)
    }

    /// The line the mirror's change `number` must print as.
    static func expectedLine(_ mirror: RunningMirror, number: Int) throws -> String {
        let churn = try #require(mirror.churn)
        let change = try #require(churn.changes(after: number - 1).changes?.first)
        var record = JSONWriter()
        APIJSONEncoding(baseURL: BaseURL(mirror.publicURL)).write(change.record, into: &record)
        return #"{"type":"\#(change.kind.rawValue)","key":\#(change.record.id),"record":\#(record.string),"event_id":"\#(number)"}"#
    }

    @Test func eachChangeIsOneNDJSONLineExactlyAsTheMirrorMadeIt() async throws {
        try await Self.withChurningMirror { m in
            let result = try await Self.run(["list", "--url", m.publicURL + "/character", "--events", m.origin + "/api/character/events", "--limit", "6"])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 6)
            let first = try #require(lines.first.flatMap { try? JSONNode.parse(Data($0.utf8)).node["event_id"]?.string }.flatMap(Int.init))
            for (offset, line) in lines.enumerated() {
                #expect(line == (try Self.expectedLine(m, number: first + offset)))
            }
            let kinds = Set(lines.compactMap { try? JSONNode.parse(Data($0.utf8)).node["type"]?.string })
            #expect(kinds.isSubset(of: ["created", "updated", "deleted"]))
        }
    }

    @Test func aClosedPipeEndsItWithStatusZero() async throws {
        try await Self.withChurningMirror { m in
            let all = try await Self.twoLinesIntoAClosedPipe("list --url '\(m.publicURL)/character' --events '\(m.origin)/api/character/events'")
            #expect(all.last == "status=0")
            #expect(all.dropLast().count == 2 && all.dropLast().allSatisfy { $0.hasPrefix(#"{"type":"#) })
        }
    }

    @Test func aRefusedStreamSaysWhyWithStatusOne() async throws {
        try await Self.withChurningMirror { m in
            let result = try await Self.run(["list", "--url", m.publicURL + "/character", "--events", m.origin + "/api/nothing"])
            #expect(result.status == 1 && result.stdout.isEmpty)
            #expect(result.stderr == "portal: the events stream ended: HTTP 404\n", "\(result.stderr)")
            let alone = try await Self.run(["list", "--events", m.origin + "/api/character/events"])
            #expect(alone.status == 2 && alone.stderr.contains("--events goes with --url"), "\(alone.stderr)")
        }
    }
}
