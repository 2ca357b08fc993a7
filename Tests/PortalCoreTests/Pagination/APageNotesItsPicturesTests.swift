import Foundation
import PortalTestSupport
import Testing
@testable import PortalCore
import PortalDemoModels

/// A page's noted pictures (`PageContent.pictures`) are made where the page
/// is decoded, off the UI thread, for the picture store; they must always describe the
/// items the page holds, or a card would show the picture of what its item was before.
@Suite("A page's noted pictures")
struct APageNotesItsPicturesTests {
    static let source = TestData.rickAndMorty(base: "http://api.invalid/api")

    static func item(_ id: Int, avatar: Int32) -> Item {
        .character(Character(id: id, name: "c\(id)", status: .alive, species: "Human", type: "", gender: CharacterGender(rawValue: "Male"),
                             origin: PlaceLink(name: "unknown", locationID: nil), location: PlaceLink(name: "unknown", locationID: nil),
                             avatarID: avatar, episodeIDs: [1], created: Date(timeIntervalSince1970: 0)), base: source.baseURL)
    }

    static func noted() -> PageContent<Item> {
        var page = PageContent(items: [item(1, avatar: 1), item(2, avatar: 2)], next: nil, totalCount: 2)
        page.notePictures(source.pictureRequest(for:))
        return page
    }

    @Test func notedRequestsAreTheSourcesInOrder() {
        var page = PageContent(items: [Self.item(1, avatar: 1), Self.item(2, avatar: 2)], next: nil, totalCount: 2)
        #expect(page.pictures == nil)
        page.notePictures(Self.source.pictureRequest(for:))
        #expect(page.pictures?.map(\.?.request) == page.items.map(Self.source.pictureRequest(for:)))
        #expect(page.pictures?.map(\.?.item) == page.items.map(\.id))
        #expect(page.pictures?.map { $0?.request.url.lastPathComponent } == ["1.jpeg", "2.jpeg"])
        #expect(page.pictures?.map(\.?.itemHash) == page.items.map(\.id.hashValue))
    }

    @Test func changingTheItemsForgetsTheRequests() {
        var page = Self.noted()
        page.items = [Self.item(1, avatar: 9), Self.item(2, avatar: 2)]
        #expect(page.pictures == nil)
        page = Self.noted()
        page.items[0] = Self.item(1, avatar: 9)
        #expect(page.pictures == nil)
        page = Self.noted()
        page.items.append(Self.item(3, avatar: 3))
        #expect(page.pictures == nil)
        #expect(Self.noted().map { $0 }.pictures == nil)
    }
}
