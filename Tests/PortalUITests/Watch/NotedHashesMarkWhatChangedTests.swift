import Foundation
import PortalCore
import PortalDemoModels
@testable import PortalUI
import Testing

/// The list watch's marks take each item's content hash from the page when it was noted
/// where the page was decoded (`PageContent.contentHashes`), and hash the items itself
/// otherwise: the marks come out the same either way.
@Suite struct NotedHashesMarkWhatChangedTests {
    static func item(_ id: Int, _ name: String) -> Item {
        .character(Character(id: id, name: name, status: .alive, species: "Human", type: "", gender: CharacterGender(rawValue: "Male"),
                             origin: PlaceLink(name: "unknown", locationID: nil), location: PlaceLink(name: "unknown", locationID: nil),
                             episodeIDs: [1], created: Date(timeIntervalSince1970: 0)))
    }

    static func noted(_ items: [Item]) -> PageContent<Item> {
        var page = PageContent(items: items, next: nil, totalCount: nil)
        page.noteContentHashes()
        return page
    }

    @Test func notedHashesMarkWhatChangedAsHashingDoes() {
        let before = [Self.item(1, "a"), Self.item(2, "b"), Self.item(3, "c")]
        let after = [Self.item(1, "a"), Self.item(2, "renamed"), Self.item(3, "c")]
        var fromPages = ListMarks(query: ListQuery(kind: .character))
        var hashing = ListMarks(query: ListQuery(kind: .character))
        let first = Self.noted(before), second = Self.noted(after)
        fromPages.see(first.items, hashes: first.contentHashes, from: 0, refreshing: false)
        fromPages.see(second.items, hashes: second.contentHashes, from: 0, refreshing: true)
        hashing.see(before, from: 0, refreshing: false)
        hashing.see(after, from: 0, refreshing: true)
        #expect(fromPages.changed == [after[1].id])
        #expect(fromPages.changed == hashing.changed)
        #expect(fromPages.looks == hashing.looks)
    }

    @Test func hashesThatDoNotMatchTheItemsAreNotUsed() {
        let items = [Self.item(1, "a"), Self.item(2, "b")]
        var marks = ListMarks(query: ListQuery(kind: .character))
        marks.see(items, hashes: [7], from: 0, refreshing: false)  // one hash for two items
        marks.see(items, from: 0, refreshing: true)
        #expect(marks.changed.isEmpty)
        #expect(marks.looks[items[0].id] == items[0].hashValue)
    }
}
