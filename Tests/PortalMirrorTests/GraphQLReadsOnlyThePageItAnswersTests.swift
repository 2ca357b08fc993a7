import Foundation
import PortalCore
import PortalDemoModels
import PortalServers
@testable import PortalMirror
import Synchronization
import Testing

/// `/graphql` on a million characters reads only the items it answers: no style walks
/// the list to reach a page (counted on the table, not timed).
@Suite struct GraphQLReadsOnlyThePageItAnswersTests {
    /// `--scale`'s synthetic characters, counting the items read.
    final class CountingCharacters: ItemTable, Sendable {
        let table: SyntheticCharacterTable
        private let reads = Mutex(0)
        init(count: Int) { table = SyntheticCharacterTable(base: Mirror.data.rickAndMorty.characters, count: count) }
        var count: Int { table.count }
        func item(at position: Int) -> Character {
            reads.withLock { $0 += 1 }
            return table.item(at: position)
        }
        func position(ofID id: Int) -> Int? { table.position(ofID: id) }
        func takeReads() -> Int { reads.withLock { count in defer { count = 0 }; return count } }
    }

    private func ask(_ graphQL: MirrorGraphQL, _ query: String) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["query": query])
        let response = await graphQL.respond(method: "POST", query: "", headers: ["content-type": "application/json"], body: body)
        #expect(response.status == 200)
        return try response.object()["data"] as? [String: Any] ?? [:]
    }

    @Test func everyStyleReadsOnlyThePageItAnswers() async throws {
        let characters = CountingCharacters(count: 1_000_000)
        let served = ServedData(rickAndMorty: Mirror.data.rickAndMorty, characters: characters, pokemon: [])
        let graphQL = MirrorGraphQL(served: served, publicRoot: "http://127.0.0.1:1/api")
        let cursor = RelaySlice.cursor(999_979)

        let relay = try await ask(graphQL, #"{ allCharacters(first: 20, after: "\#(cursor)") { totalCount nodes { id } } }"#)
        #expect((relay["allCharacters"] as? [String: Any])?.ids("nodes").first == "999981")
        #expect(characters.takeReads() == 20)

        let back = try await ask(graphQL, "{ allCharacters(last: 20) { nodes { id } } }")
        #expect((back["allCharacters"] as? [String: Any])?.ids("nodes").last == "1000000")
        #expect(characters.takeReads() == 20)

        let page = try await ask(graphQL, "{ characters(page: 50000) { info { count } results { id } } }")
        #expect((page["characters"] as? [String: Any])?.ids("results").count == 20)
        #expect(characters.takeReads() == 20)

        let offset = try await ask(graphQL, "{ charactersPage(offset: 999000, limit: 5) { items { id } } }")
        #expect((offset["charactersPage"] as? [String: Any])?.ids("items") == (999_001...999_005).map(String.init))
        #expect(characters.takeReads() == 5)

        let one = try await ask(graphQL, #"{ character(id: "777777") { name } }"#)
        #expect((one["character"] as? [String: Any])?["name"] as? String != nil)
        #expect(characters.takeReads() == 1)
    }
}
