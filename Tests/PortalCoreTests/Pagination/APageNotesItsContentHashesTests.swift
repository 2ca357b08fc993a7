import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels

/// A page's content hashes (`PageContent.contentHashes`) are noted where the page is
/// decoded, off the UI thread, for the list watch; they must always describe the items
/// the page holds, or the watch would miss a change (or mark one that is not there).
@Suite("A page's noted content hashes")
struct APageNotesItsContentHashesTests {
    static func item(_ id: Int, _ name: String) -> Item {
        .character(Character(id: id, name: name, status: .alive, species: "Human", type: "", gender: CharacterGender(rawValue: "Male"),
                             origin: PlaceLink(name: "unknown", locationID: nil), location: PlaceLink(name: "unknown", locationID: nil),
                             episodeIDs: [1], created: Date(timeIntervalSince1970: 0)))
    }

    static func page() -> PageContent<Item> {
        PageContent(items: [item(1, "a"), item(2, "b")], next: nil, totalCount: 2)
    }

    @Test func notedHashesAreTheItemsHashes() {
        var page = Self.page()
        #expect(page.contentHashes == nil)
        page.noteContentHashes()
        #expect(page.contentHashes == page.items.map(\.hashValue))
    }

    @Test func changingTheItemsForgetsTheHashes() {
        var page = Self.page()
        page.noteContentHashes()
        page.items = [Self.item(1, "renamed"), Self.item(2, "b")]
        #expect(page.contentHashes == nil)
        page.noteContentHashes()
        page.items[0] = Self.item(1, "again")
        #expect(page.contentHashes == nil)
        page.noteContentHashes()
        page.items.append(Self.item(3, "c"))
        #expect(page.contentHashes == nil)
    }

    @Test func aMappedPageHasNoHashes() {
        var page = Self.page()
        page.noteContentHashes()
        #expect(page.map { $0 }.contentHashes == nil)
    }
}
