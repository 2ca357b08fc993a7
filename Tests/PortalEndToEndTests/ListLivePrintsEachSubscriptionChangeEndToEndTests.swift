import Foundation
import PortalCore
import PortalMirror
import Testing
import PortalJSON

/// `portal list --graphql URL LIST --live` against a mirror with `--churn`: the built binary
/// finds `Subscription.characterChanged` for `characters`, follows it over
/// graphql-transport-ws and prints each change as `--events` does (one NDJSON line, the
/// record as the GraphQL list selects it), consecutive changes exactly as the mirror made
/// them; the same exit rules.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct ListLivePrintsEachSubscriptionChangeEndToEndTests {
    @Test func eachChangeIsOneNDJSONLineInTheMirrorsOrder() async throws {
        try await ListEventsPrintsEachChangeAsOneLineEndToEndTests.withChurningMirror { m in
            let result = try await ListEventsPrintsEachChangeAsOneLineEndToEndTests.run(["list", "--graphql", m.origin + "/graphql", "characters", "--live", "--limit", "5"])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = try result.stdout.split(separator: "\n").map { try JSONNode.parse(Data($0.utf8)).node }
            #expect(lines.count == 5)
            let log = try #require(m.churn?.changes(after: 0).changes)
            let first = try #require(lines.first)
            let start = try #require(log.firstIndex { change in
                change.kind.rawValue == first["type"]?.string && first["key"]?.string == String(change.record.id)
                    && first["record"]?["name"]?.string == change.record.name
            })
            for (offset, line) in lines.enumerated() {
                let made = log[start + offset]
                #expect(line["type"]?.string == made.kind.rawValue)
                #expect(line["key"]?.string == String(made.record.id))
                #expect(line["record"]?["id"]?.string == String(made.record.id))
                #expect(line["record"]?["name"]?.string == made.record.name)
                #expect(line["record"]?["status"]?.string == made.record.status.rawValue)
            }
        }
    }

    @Test func aClosedPipeEndsItWithStatusZero() async throws {
        try await ListEventsPrintsEachChangeAsOneLineEndToEndTests.withChurningMirror { m in
            let all = try await ListEventsPrintsEachChangeAsOneLineEndToEndTests.twoLinesIntoAClosedPipe("list --graphql '\(m.origin)/graphql' characters --live")
            #expect(all.last == "status=0")
            #expect(all.dropLast().count == 2 && all.dropLast().allSatisfy { $0.hasPrefix(#"{"type":"#) })
        }
    }

    @Test func aListWithoutASubscriptionAndLiveWithoutGraphQLAreRefused() async throws {
        try await ListEventsPrintsEachChangeAsOneLineEndToEndTests.withChurningMirror { m in
            let episodes = try await ListEventsPrintsEachChangeAsOneLineEndToEndTests.run(["list", "--graphql", m.origin + "/graphql", "episodes", "--live"])
            #expect(episodes.status == 1 && episodes.stdout.isEmpty)
            #expect(episodes.stderr == "portal: \(m.origin)/graphql: no field of Subscription returns Episode (the items of episodes) or a change holding one\n", "\(episodes.stderr)")
            let alone = try await ListEventsPrintsEachChangeAsOneLineEndToEndTests.run(["list", "characters", "--live"])
            #expect(alone.status == 2 && alone.stderr.contains("--live goes with --graphql"), "\(alone.stderr)")
        }
    }
}
