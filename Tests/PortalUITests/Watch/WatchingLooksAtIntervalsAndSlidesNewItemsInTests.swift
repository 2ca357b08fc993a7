import Foundation
import PortalCore
import PortalPresets
import PortalTestSupport
@testable import PortalUI
import Testing

/// `--watch` / `w`: the first page asked again with its validators on the interval, new
/// items slid in and marked `new` with the selection kept on its item, nothing done when
/// nothing changed; `R` marks what changed since the last look. Through the real
/// interpreter, against a table a test changes between looks.
@MainActor @Suite struct WatchingLooksAtIntervalsAndSlidesNewItemsInTests {
    static let base = BaseURL("https://x.supabase.co/rest/v1")

    static func harness(_ server: NamedRowsServer) -> Harness {
        Harness(size: Size(columns: 100, rows: 30), inner: server, source: PostgRESTSource(baseURL: base, table: "t"))
    }

    static func screen(_ harness: Harness) -> String { harness.screen().lines.joined(separator: "\n") }

    /// The watch's look as its timer starts it: the wake set last, answered (as the
    /// interpreter does once the interval has passed); the fetches it made.
    @discardableResult
    static func look(_ harness: Harness) -> [Effect] {
        let effects = harness.send(.message(.woke(.watch(ticket: harness.controller.watch.ticket))))
        return effects.filter { if case .fetchPage = $0 { true } else { false } }
    }

    /// The watch timers among `effects`: (interval, wake).
    static func timers(_ effects: [Effect]) -> [(after: Duration, wake: Wake)] {
        effects.compactMap { if case .wakeAfter(let after, let wake) = $0, case .watch = wake { (after, wake) } else { nil } }
    }

    static func looks(_ effects: [Effect]) -> Int {
        effects.filter { if case .fetchPage(let address, _, _, _) = $0 { ListWatch.isLook(address) } else { false } }.count
    }

    @Test func intervalsReadAsSecondsMinutesAndHours() {
        #expect(ListWatch.interval(parsing: "30s") == .seconds(30))
        #expect(ListWatch.interval(parsing: "2m") == .seconds(120))
        #expect(ListWatch.interval(parsing: "1h") == .seconds(3600))
        #expect(ListWatch.interval(parsing: "45") == .seconds(45))
        for bad in ["0s", "0", "", "s", "-5s", "1.5s", "500ms", "2d", "x1s", "٣s"] {
            #expect(ListWatch.interval(parsing: bad) == nil, "\(bad)")
        }
        #expect(ListWatch.text(.seconds(30)) == "30s")
        #expect(ListWatch.text(.seconds(120)) == "2m")
        #expect(ListWatch.text(.seconds(90)) == "90s")
        #expect(ListWatch.text(.seconds(7200)) == "2h")
    }

    @Test func noTimerUntilWatchingThenOneEveryInterval() {
        let source = PostgRESTSource(baseURL: Self.base, table: "t")
        let controller = ScreenController(source: source, sourceLabel: "test", pictures: .off)
        #expect(Self.timers(controller.update(.start(Size(columns: 100, rows: 30)))).isEmpty, "not watching: no timer")
        #expect(controller.update(.message(.woke(.watch(ticket: 0)))).isEmpty, "a wake not set does nothing")
        let set = Self.timers(controller.update(.key(.character("w"))))
        #expect(set.map(\.after) == [.seconds(30)])
        // Nothing loaded yet: no look, and the next timer an interval on.
        let woke = controller.update(.message(.woke(set[0].wake)))
        #expect(Self.looks(woke) == 0)
        let next = Self.timers(woke)
        #expect(next.map(\.after) == [.seconds(30)] && next.map(\.wake) != set.map(\.wake))
        #expect(controller.update(.message(.woke(set[0].wake))).isEmpty, "a replaced timer does nothing")
        let screen = TextScreen(size: controller.size)
        controller.render(into: screen)
        #expect(screen.lines.joined().contains("watching · every 30s"))
        #expect(Self.timers(controller.update(.key(.character("w")))).isEmpty)
        #expect(controller.update(.message(.woke(next[0].wake))).isEmpty, "off: the last timer does nothing")
    }

    /// Issue 34, item 3: the interval is a timer as a message. `--watch 5s` sets one with
    /// the first update; each wake makes one look and sets the next; no wake, no request.
    @Test func theIntervalIsDrivenByTheWakeMessage() async throws {
        let harness = Self.harness(NamedRowsServer(.init(ids: Array(1...30))))
        harness.controller.startWatching(every: .seconds(5))
        await harness.runner.drain(into: harness.controller)  // the first page, and the timer with it
        let first = harness.runner.takeTimers()
        #expect(first.map(\.after) == [.seconds(5)])
        let before = harness.transport.count
        await harness.runner.drain(into: harness.controller)
        #expect(harness.transport.count == before, "no wake, no look")
        for round in 1...3 {
            let timer = try #require(harness.runner.takeTimers().last ?? (round == 1 ? first.last : nil))
            harness.send(.message(.woke(timer.wake)))
            await harness.runner.drain(into: harness.controller)
            #expect(harness.transport.count == before + round, "one look per wake")
            #expect(harness.runner.timers.map(\.after) == [.seconds(5)], "and the next timer an interval on")
        }
        harness.press(.character("w"))
        #expect(harness.runner.takeTimers().count == 1)
        #expect(Self.look(harness).isEmpty, "not watching: the last wake makes no look")
    }

    @Test func newItemsSlideInAtTheTopMarkedNewAndTheSelectionStays() async throws {
        let server = NamedRowsServer(.init(ids: Array(1...200)))
        let harness = Self.harness(server)
        await harness.runner.drain(into: harness.controller)
        harness.press(.character(":"), .character("8"), .enter)
        await harness.runner.drain(into: harness.controller)
        #expect(harness.controller.listView.selectedItem?.rawID == 8)
        harness.controller.startWatching(every: .seconds(5))

        server.change { $0.ids = [1001, 1002] + $0.ids }
        let looked = Self.look(harness)
        guard case .fetchPage(let address, let ticket, _, _) = try #require(looked.first) else { Issue.record("\(looked)"); return }
        #expect(address.generation < 0 && ticket.request.index == 0 && ticket.request.http.revalidate)
        #expect(Self.look(harness).isEmpty, "no second look while the first is in flight")
        await harness.runner.drain(into: harness.controller)

        #expect(harness.controller.listView.selectedItem?.rawID == 8)
        #expect(harness.controller.grid.selection == 9)
        #expect(Array(harness.ids.prefix(3)) == [1001, 1002, 1])
        let first = try #require(harness.controller.list.item(at: 0))
        #expect(harness.controller.mark(of: first) == "new")
        #expect(harness.controller.mark(of: try #require(harness.controller.list.item(at: 2))) == nil)
        let screen = Self.screen(harness)
        #expect(screen.contains("watching · every 5s · 2 new"), "\(screen)")
        #expect(screen.contains(" new "), "\(screen)")
        #expect(!harness.runner.timers.isEmpty, "the next look's timer is set")
    }

    @Test func aLookThatFindsNothingNewCostsOneRequestAndChangesNothing() async throws {
        let server = NamedRowsServer(.init(ids: Array(1...200)))
        let harness = Self.harness(server)
        await harness.runner.drain(into: harness.controller)
        harness.controller.startWatching(every: .seconds(5))
        let generation = harness.controller.list.generation
        let before = harness.transport.count
        #expect(Self.look(harness).count == 1)
        await harness.runner.drain(into: harness.controller)
        #expect(harness.transport.count == before + 1)
        #expect(harness.controller.list.generation == generation, "no refresh")
        #expect(Self.screen(harness).contains("watching · every 5s") && !Self.screen(harness).contains(" new"))
    }

    @Test func noLookWhileAPaneIsOpen() async throws {
        let harness = Self.harness(NamedRowsServer(.init(ids: Array(1...30))))
        await harness.runner.drain(into: harness.controller)
        harness.controller.startWatching(every: .seconds(5))
        harness.press(.enter)
        await harness.runner.drain(into: harness.controller)
        #expect(harness.controller.pane != nil)
        #expect(Self.look(harness).isEmpty, "a refresh would drop the pane's answers")
        harness.press(.escape)
        #expect(Self.look(harness).count == 1)
    }

    @Test func aListThatGrewAtItsEndMarksTheNewEnd() async throws {
        let server = NamedRowsServer(.init(ids: Array(1...30)))
        let harness = Self.harness(server)
        await harness.runner.drain(into: harness.controller)
        harness.controller.startWatching(every: .seconds(5))
        server.change { $0.ids += [31, 32, 33] }
        Self.look(harness)
        await harness.runner.drain(into: harness.controller)
        #expect(harness.controller.list.count == 33)
        harness.press(.end)
        await harness.runner.drain(into: harness.controller)
        #expect(harness.controller.mark(of: try #require(harness.controller.list.item(at: 32))) == "new")
        #expect(harness.controller.mark(of: try #require(harness.controller.list.item(at: 29))) == nil)
        #expect(Self.screen(harness).contains("3 new"))
    }

    @Test func bigRMarksWhatChangedSinceTheLastLook() async throws {
        let server = NamedRowsServer(.init(ids: Array(1...40)))
        let harness = Self.harness(server)
        await harness.runner.drain(into: harness.controller)
        server.change { $0.names[3] = "renamed" }
        harness.press(.character("R"))
        await harness.runner.drain(into: harness.controller)
        #expect(harness.controller.mark(of: try #require(harness.controller.list.item(at: 2))) == "changed")
        #expect(harness.controller.mark(of: try #require(harness.controller.list.item(at: 3))) == nil)
        #expect(Self.screen(harness).contains("renamed") && Self.screen(harness).contains(" changed"))
    }
}
