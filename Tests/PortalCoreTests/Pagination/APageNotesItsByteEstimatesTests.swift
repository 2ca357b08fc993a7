import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging

/// A page's items' byte estimates (`PageContent.itemBytes`) are noted where the page is
/// decoded, off the UI thread, for the list's byte budget; the bytes a list holds must be
/// the same whether they were noted or estimated as the page is applied, also when only
/// some of a page's items are new.
@Suite("A page's noted byte estimates")
struct APageNotesItsByteEstimatesTests {
    static func item(_ id: Int, _ name: String) -> Item {
        .character(Character(id: id, name: name, status: .alive, species: "Human", type: "", gender: CharacterGender(rawValue: "Male"),
                             origin: PlaceLink(name: "unknown", locationID: nil), location: PlaceLink(name: "unknown", locationID: nil),
                             episodeIDs: [1, 2, 3], created: Date(timeIntervalSince1970: 0)))
    }

    static func request(_ page: Int) -> PageRequest {
        PageRequest(url: URL(string: "http://api.invalid/api/character?page=\(page)")!, index: page - 1)
    }

    /// Pages of 20 characters with names of different lengths; the second repeats five of
    /// the first's ids (so only 15 of its items are added).
    static func pages(noted: Bool) -> [PageContent<Item>] {
        let first = (1...20).map { item($0, String(repeating: "n", count: $0 * 3)) }
        let second = (16...35).map { item($0, String(repeating: "m", count: $0 * 2)) }
        return [first, second].enumerated().map { number, items in
            var page = PageContent(items: items, next: request(number + 2), totalCount: nil)
            if noted { page.noteItemBytes() }
            return page
        }
    }

    static func heldBytes(noted: Bool) -> (bytes: Int, count: Int) {
        let loader = ListLoader<Item>(firstPage: request(1))
        for page in pages(noted: noted) {
            guard let ticket = loader.loadMore() else { return (-1, -1) }
            _ = loader.apply(.success(page), for: ticket)
        }
        return (loader.heldBytes, loader.count)
    }

    @Test func notedEstimatesAreTheItemsEstimates() {
        var page = Self.pages(noted: false)[0]
        #expect(page.itemBytes == nil)
        page.noteItemBytes()
        #expect(page.itemBytes == page.items.map(PageByteBudget.bytes(of:)))
        page.items[3] = Self.item(4, "renamed")
        #expect(page.itemBytes == nil)
    }

    @Test func aListHoldsTheSameBytesWhetherNotedOrEstimated() {
        let noted = Self.heldBytes(noted: true), estimated = Self.heldBytes(noted: false)
        #expect(noted.count == 35 && estimated.count == 35)
        #expect(noted.bytes > 35 * MemoryLayout<Item>.stride)
        #expect(noted.bytes == estimated.bytes)
    }
}
