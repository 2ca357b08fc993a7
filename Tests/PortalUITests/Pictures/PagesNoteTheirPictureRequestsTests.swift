import Foundation
import PortalCore
import PortalDemoModels
import PortalRuntime
import PortalTestSupport
@testable import PortalUI
import Synchronization
import Testing

/// Each item's picture request is made where its page is decoded, off the UI thread
/// (`PageContent.pictures`), and the picture store learns the tickets as the page
/// arrives (`PictureStore.rememberTickets`), so the planning step only looks them up. A
/// ticket must always be made from the item as the list holds it now: an item whose
/// picture moved shows the new one, and a card never shows another item's picture.
@MainActor @Suite struct PagesNoteTheirPictureRequestsTests {
    /// The snapshot, with character 1's avatar moved to `999` once `move()` is called.
    final class MovingAvatar: Transport {
        private let moved = Mutex(false)
        func move() { moved.withLock { $0 = true } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            var response = try await TestData.snapshot.send(request)
            guard moved.withLock({ $0 }), !request.url.path.contains("/avatar/"),
                  let text = String(data: response.body, encoding: .utf8) else { return response }
            response.body = Data(text.replacingOccurrences(of: "/character/avatar/1.jpeg", with: "/character/avatar/999.jpeg").utf8)
            return response
        }
    }

    static func avatarIDs(_ h: Harness) -> [Int] {
        h.transport.urls.filter { $0.contains("/character/avatar/") }.compactMap { URL(string: $0).flatMap { Int($0.deletingPathExtension().lastPathComponent) } }
    }

    static func character(_ id: Int, avatar: Int32) -> Item {
        .character(Character(id: id, name: "c\(id)", status: .alive, species: "Human", type: "", gender: CharacterGender(rawValue: "Male"),
                             origin: PlaceLink(name: "unknown", locationID: nil), location: PlaceLink(name: "unknown", locationID: nil),
                             avatarID: avatar, episodeIDs: [1], created: Date(timeIntervalSince1970: 0)))
    }

    /// The pictures the interpreter notes on a page of `items`.
    static func noted(_ items: [Item], _ source: some Source) -> [ItemPicture?] {
        var page = PageContent(items: items, next: nil, totalCount: nil)
        page.notePictures(source.pictureRequest(for:))
        return page.pictures ?? []
    }

    @Test func aRefreshedItemWhosePictureMovedShowsItsNewPicture() async throws {
        let avatars = MovingAvatar()
        let h = Harness(size: Size(columns: 120, rows: 40), inner: avatars, pictures: .symbols)
        await h.runner.drain(into: h.controller)
        #expect(Self.avatarIDs(h).contains(1))
        let first = try #require(h.controller.list.item(at: 0))
        #expect(h.controller.pictures.ticket(for: first, in: h.controller.source)?.request.url.lastPathComponent == "1.jpeg")

        avatars.move()
        h.press(.character("R"))
        await h.runner.drain(into: h.controller)
        let refreshed = try #require(h.controller.list.item(at: 0))
        #expect(refreshed.id == first.id)
        let ticket = try #require(h.controller.pictures.ticket(for: refreshed, in: h.controller.source))
        #expect(ticket.item == refreshed.id)
        #expect(ticket.request.url.lastPathComponent == "999.jpeg", "the card keeps the picture it had: \(ticket)")
        #expect(Self.avatarIDs(h).contains(999), "the moved picture is asked for")
    }

    @Test func withPicturesOffPagesLeaveNoTickets() async throws {
        let h = Harness(size: Size(columns: 120, rows: 40), pictures: .off)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.list.count >= 20)
        #expect(h.controller.pictures.notes == 0, "\(h.controller.pictures.notes) notes with pictures off")
    }

    @Test func theInterpretersPageCarriesEachItemsPictureRequest() async throws {
        let h = Harness(size: Size(columns: 120, rows: 40), pictures: .symbols)
        guard case .page(_, _, .success(let page))? = await h.runner.takeNext() else {
            Issue.record("the first effect is not a page")
            return
        }
        #expect(page.items.count == 20)
        let pictures = try #require(page.pictures)
        #expect(pictures.map(\.?.request) == page.items.map { h.controller.source.pictureRequest(for: $0) })
        #expect(pictures.map(\.?.item) == page.items.map(\.id))
    }

    @Test func notedRequestsAreTheTicketsAndAPageWithoutThemForgetsTheOldOnes() {
        let store = PictureStore()
        let source = TestData.rickAndMorty()
        let items = [Self.character(1, avatar: 1), Self.character(2, avatar: 2)]
        #expect(store.ticket(for: items[0], in: source)?.request.url.lastPathComponent == "1.jpeg")
        // Noted where the page was decoded: the store takes them as they are.
        let moved = [Self.character(1, avatar: 41), Self.character(2, avatar: 42)]
        store.rememberTickets(of: moved, pictures: Self.noted(moved, source))
        #expect(store.ticket(for: moved[0], in: source)?.request.url.lastPathComponent == "41.jpeg")
        #expect(store.ticket(for: moved[1], in: source)?.item == moved[1].id)
        #expect(store.ticket(for: moved[1], in: source) == PictureTicket(item: moved[1].id, request: source.pictureRequest(for: moved[1])!))
        // An item the source names no picture for is remembered as having none.
        let episode = TestData.record(Episode(id: 3, name: "e", airDate: "", code: "S01E01", characterIDs: [], created: Date(timeIntervalSince1970: 0)), .episode)
        store.rememberTickets(of: [episode], pictures: Self.noted([episode], source))
        #expect(store.ticket(for: episode, in: source) == nil)
        // Arrived without notes (or notes that are not one per item): what the store
        // remembered of those items goes, and the source makes them again.
        let again = [Self.character(1, avatar: 51), Self.character(2, avatar: 52)]
        store.rememberTickets(of: again, pictures: Array(Self.noted(moved, source).prefix(1)))
        #expect(store.ticket(for: again[0], in: source)?.request.url.lastPathComponent == "51.jpeg")
        #expect(store.ticket(for: again[1], in: source)?.request.url.lastPathComponent == "52.jpeg")
        let third = [Self.character(1, avatar: 61)]
        store.rememberTickets(of: third, pictures: nil)
        #expect(store.ticket(for: third[0], in: source)?.request.url.lastPathComponent == "61.jpeg")
    }

    @Test func theMemoStaysBoundedAsPagesArrive() {
        let store = PictureStore()
        let source = TestData.rickAndMorty()
        for page in 0..<200 {
            let items = (0..<20).map { Self.character(page * 20 + $0 + 1, avatar: Int32(page * 20 + $0 + 1)) }
            store.rememberTickets(of: items, pictures: Self.noted(items, source))
            #expect(store.notes <= PictureStore.rememberedTickets)
        }
        let big = (0..<5_000).map { Self.character($0 + 1, avatar: 7) }
        store.rememberTickets(of: big, pictures: Self.noted(big, source))
        #expect(store.notes <= PictureStore.rememberedTickets)
        #expect(store.ticket(for: big[4_999], in: source)?.request.url.lastPathComponent == "7.jpeg")
    }
}
