import Foundation
import PortalCore
import PortalServers
import PortalTestSupport
@testable import PortalUI
import Testing
import PortalJSON
import PortalPaging
import PortalREST

/// Live lists in the browser (issue 38, item 1): a tick's pushed changes folded into the
/// open list through `update` — a loaded record replaced where it is and marked changed,
/// a created one at the end of an ascending list and marked new, a deleted one marked
/// until `R`; the selection and the screen stay put; a change to a record not loaded
/// draws nothing. Through the real interpreter over the snapshot, the changes delivered
/// as the interpreter's tick would deliver them.
@MainActor @Suite struct LiveChangesReplaceAddAndMarkRecordsTests {
    static let subscription = LiveSubscription(.serverSentEvents(URL(string: "https://rickandmortyapi.com/api/character/events")!), kind: .character)

    /// A harness on the characters, following a feed, first page(s) loaded.
    static func harness(search: String? = nil) async -> Harness {
        let h = Harness(size: Size(columns: 100, rows: 30), start: false)
        h.controller.following(subscription)
        h.send(.start(Size(columns: 100, rows: 30)))
        await h.runner.drain(into: h.controller)
        if let search { await h.search(search) }
        return h
    }

    /// The character `id` as the server would push it (its name changed to `name`, its
    /// id to `newID`), read back as the source reads a pushed record.
    static func record(_ h: Harness, id: Int, name: String? = nil, newID: Int? = nil) throws -> Item {
        guard var c = Self.character(id)?.character else { throw Missing() }
        if let name { c.name = name }
        if let newID { c.id = newID }
        let span = try JSONNode.parse(Data(Item.character(c).apiJSON(baseURL: TestData.base).utf8))
        return try #require(h.controller.source.liveItem(.character, record: span))
    }

    struct Missing: Error {}

    /// A character of the snapshot by id, as its own item (for records not loaded).
    static func character(_ id: Int) -> Item? {
        (try? TestData.data.characters.first { $0.id == id }).flatMap { $0.map(Item.character) }
    }

    static func update(_ kind: LiveChange.Kind, _ item: Item) -> LiveUpdate { LiveUpdate(kind: kind, key: item.id, item: item) }

    static func text(_ h: Harness) -> String { h.screen().lines.joined(separator: "\n") }

    /// The screen's line showing `text` (trailing blanks dropped), "" when none does.
    static func line(_ h: Harness, with text: String) -> String {
        let found = h.screen().lines.first { $0.contains(text) } ?? ""
        return String(found.reversed().drop { $0 == " " }.reversed())
    }

    @Test func theFollowIsAskedWithTheFirstUpdate() {
        let controller = ScreenController(source: TestData.rickAndMorty(), sourceLabel: "t", pictures: .off)
        controller.following(Self.subscription)
        let effects = controller.update(.start(Size(columns: 100, rows: 30)))
        #expect(effects.first == .followEvents(tab: 0, Self.subscription))
        #expect(controller.update(.key(.down)).contains { if case .followEvents = $0 { true } else { false } } == false, "asked once")
    }

    @Test func aChangedRecordIsReplacedWhereItIsAndMarked() async throws {
        let h = await Self.harness()
        h.press(.right, .right)  // the selection on Summer (id 3)
        let (selection, offset) = (h.controller.grid.selection, h.controller.grid.offsetRows)
        #expect(h.controller.listView.selectedItem?.rawID == 3)
        let edited = try Self.record(h, id: 3, name: "Summer (edit 1)")
        h.send(.message(.liveStatus(tab: 0, .open)))
        h.send(.message(.liveUpdates(tab: 0, [Self.update(.updated, edited)])))
        #expect(h.controller.list.item(at: 2) == edited, "in place, at its index")
        #expect(h.controller.grid.selection == selection && h.controller.grid.offsetRows == offset, "nothing moved")
        #expect(h.controller.tab.live?.marks[.number(3)] == .changed)
        let screen = Self.text(h)
        #expect(Self.line(h, with: "Summer (edit 1)").hasSuffix(" changed"), "marked on its card")
        #expect(screen.contains("live · 1 changed"))
    }

    @Test func aCreatedRecordGoesToTheEndOfAnAscendingListMarkedNew() async throws {
        let h = await Self.harness(search: "smith")
        #expect(h.controller.list.count == 19)
        h.press(.down)
        let selected = h.controller.listView.selectedItem
        // A new Smith (the snapshot's 826th character under another id and name).
        let created = try Self.record(h, id: 2, name: "Morty Smith (new 1)", newID: 9001)
        h.send(.message(.liveUpdates(tab: 0, [Self.update(.created, created)])))
        #expect(h.controller.list.count == 20)
        #expect(h.controller.list.item(at: 19) == created, "placed at the end")
        #expect(h.controller.grid.state.itemCount == 20)
        #expect(h.controller.listView.selectedItem == selected, "the selection stays on its record")
        h.press(.end)
        #expect(Self.line(h, with: "Morty Smith (new 1)").hasSuffix(" new"), "marked on its card")
        #expect(Self.text(h).contains("live · connecting… · 1 new"))
    }

    @Test func aDeletedRecordIsMarkedAndLeavesOnR() async throws {
        let h = await Self.harness()
        let gone = try Self.record(h, id: 4)
        h.send(.message(.liveStatus(tab: 0, .open)))
        h.send(.message(.liveUpdates(tab: 0, [LiveUpdate(kind: .deleted, key: gone.id, item: nil)])))
        #expect(h.controller.list.item(at: 3) == gone, "still shown until R")
        #expect(Self.line(h, with: "Beth Smith").contains(" deleted"))
        #expect(Self.text(h).contains("live · 1 deleted"))
        h.press(.character("R"))
        #expect(h.controller.tab.live?.marks[.number(4)] == nil)
        #expect(!Self.text(h).contains("deleted"))
    }

    @Test func aChangeFarOffScreenDrawsNothing() async throws {
        let h = await Self.harness()
        _ = h.screen()  // drawn: nothing owed
        #expect(!h.controller.needsRedraw)
        let far = try #require(Self.character(700))
        #expect(h.controller.list.index(ofID: far.id) == nil, "not loaded")
        let effects = h.send(.message(.liveUpdates(tab: 0, [Self.update(.updated, far), LiveUpdate(kind: .deleted, key: ItemKey(.character, .number(650)), item: nil)])))
        #expect(effects.isEmpty)
        #expect(!h.controller.needsRedraw, "no frame for records not loaded")
        #expect(h.controller.tab.live?.marks[.number(700)] == .changed, "marked when its page comes")
        #expect(h.controller.tab.live?.changedCount == 0)
    }

    @Test func theStatusLineSaysReconnectingWithItsWait() async {
        let h = await Self.harness()
        h.send(.message(.liveStatus(tab: 0, .reconnecting(after: .seconds(4), because: "cannot connect"))))
        #expect(Self.text(h).contains("reconnecting… 4 s · cannot connect"))
        h.send(.message(.liveStatus(tab: 0, .note("event 7: an event whose data is not JSON"))))
        #expect(Self.text(h).contains("event 7: an event whose data is not JSON"))
        h.send(.message(.liveStatus(tab: 0, .open)))
        #expect(Self.text(h).contains("live"))
        #expect(!Self.text(h).contains("reconnecting"))
        #expect(!Self.text(h).contains("not JSON"), "a connection opened clears the note")
    }

    @Test func tableRowsCarryTheMarks() async throws {
        let h = await Self.harness()
        h.press(.character("t"))
        let edited = try Self.record(h, id: 1, name: "Rick (edit 2)")
        h.send(.message(.liveUpdates(tab: 0, [Self.update(.updated, edited)])))
        #expect(Self.line(h, with: "Rick (edit 2)").hasSuffix(" changed"), "at the row's end")
    }
}

/// A `--url` list's pushed records (AnyAPISource): a created record's mark is found on
/// the row its page brings.
@MainActor @Suite struct LiveAnyAPIMarkTests {
    @Test func aCreatedRowOfAnyAPIIsMarkedWhenItsPageComes() throws {
        let url = URL(string: "http://127.0.0.1:9/api/character")!
        let first = HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(#"{"info":{"count":2,"pages":1,"next":null},"results":[{"id":1,"name":"a"},{"id":2,"name":"b"}]}"#.utf8))
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(first, for: url)))
        let record = try JSONNode.parse(Data(#"{"id":3,"name":"c (new 1)"}"#.utf8))
        let live = try #require(source.liveItem(source.kind, record: record))
        let page = try source.decodePage(HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(#"{"info":{"count":3,"pages":1,"next":null},"results":[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"name":"c (new 1)"}]}"#.utf8)),
                                         for: source.firstPage(for: ListQuery(kind: source.kind)), of: ListQuery(kind: source.kind))
        #expect(page.items.last?.key == live.key, "\(String(describing: page.items.last?.key)) vs \(live.key)")
        #expect(page.items.last?.id == live.id)
    }
}

extension LiveChangesReplaceAddAndMarkRecordsTests {
    /// A record created while `R` is under way is brought by the refresh: nothing is said
    /// to be waiting for the next `R`.
    @Test func aRecordCreatedDuringARefreshIsNotSaidToWait() async throws {
        let h = await Self.harness(search: "smith")
        h.press(.character("R"))
        #expect(h.controller.list.isRefreshing)
        let created = try Self.record(h, id: 2, name: "Morty Smith (new 2)", newID: 9002)
        h.send(.message(.liveUpdates(tab: 0, [Self.update(.created, created)])))
        #expect(h.controller.tab.live?.waiting == 0)
        #expect(h.controller.tab.live?.marks[.number(9002)] == .new, "marked when the refresh brings it")
        #expect(!Self.text(h).contains("R shows"))
    }
}
