import Foundation
import Synchronization
import Testing
@testable import PortalCore
import PortalDemoModels
import PortalPresets
import PortalTestSupport
import PortalServers

/// Counts how many items the rules read, to show that a page costs the same at any scale.
final class CountingTable: ItemTable {
    let inner: SyntheticCharacterTable
    private let reads = Mutex(0)
    init(_ inner: SyntheticCharacterTable) { self.inner = inner }
    var count: Int { inner.count }
    var itemsRead: Int { reads.withLock { $0 } }
    func item(at position: Int) -> Character {
        reads.withLock { $0 += 1 }
        return inner.item(at: position)
    }
    func position(ofID id: Int) -> Int? { inner.position(ofID: id) }
}

@Suite("Synthetic scale: work per page does not grow with the list")
struct ScaleRulesTests {
    @Test func aPageOfAMillionReadsOnlyItsTwentyItems() throws {
        let data = try TestData.data
        let table = CountingTable(SyntheticCharacterTable(base: data.characters, count: 1_000_000))
        let rules = RickAndMortyRules(
            baseURL: TestData.base, characters: table, episodes: ArrayTable(data.episodes),
            locations: ArrayTable(data.locations), avatarsFolder: nil)
        let response = rules.respond(path: "/character", query: [("page", "50000")])
        #expect(response.status == 200)
        #expect(table.itemsRead == 20)
        let page = try PresetPages<Character>.rickAndMorty(baseURL: TestData.base, request: .list(.character))
            .decode(response, for: PageRequest(url: URL(string: TestData.base + "/character?page=50000")!, index: 49_999))
        #expect(page.items.map(\.id) == Array(999_981...1_000_000))
        #expect(page.next == nil && page.totalCount == 1_000_000)
    }
}
