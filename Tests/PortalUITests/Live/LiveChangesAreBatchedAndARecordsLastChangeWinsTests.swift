import Foundation
import PortalCore
@testable import PortalRuntime
import PortalTestSupport
import PortalUI
import Synchronization
import Testing
import PortalJSON

/// The interpreter's side of a live list (issue 38, items 1 and 6): `followEvents` runs the
/// feed, holds what it pushes until the display tick and hands over one batch — the last
/// change of each record — however fast the feed goes; `stopEvents` ends it. The tick is
/// a gate the test opens (no wall clock).
@Suite struct LiveChangesAreBatchedAndARecordsLastChangeWinsTests {
    /// A feed that pushes its script, then says it is done and ends.
    struct ScriptedFeed: LiveFeed {
        let script: [LiveSignal]
        let done: AsyncStream<Void>.Continuation
        /// Holds the feed open after its script until cancelled, then says so here.
        var cancelled: AsyncStream<Void>.Continuation?

        func follow(_ deliver: (LiveSignal) async throws -> Void) async throws -> String {
            for signal in script { try await deliver(signal) }
            done.yield()
            if let cancelled {
                let (never, keep) = AsyncStream.makeStream(of: Void.self)
                for await _ in never {}  // ends when the task is cancelled
                keep.finish()
                cancelled.yield()
                try Task.checkCancellation()
            }
            return "the server ended the stream (HTTP 204)"
        }
    }

    /// A clock whose sleeps wait until the test opens it (then none waits again).
    final class GateClock: Clock, Sendable {
        typealias Instant = ContinuousClock.Instant
        private let opened = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
        let sleeps = Mutex(0)
        var now: Instant { ContinuousClock.now }
        var minimumResolution: Duration { .zero }

        func sleep(until deadline: Instant, tolerance: Duration?) async throws {
            sleeps.withLock { $0 += 1 }
            await withCheckedContinuation { continuation in
                let open = opened.withLock { state in
                    if !state.open { state.waiting.append(continuation) }
                    return state.open
                }
                if open { continuation.resume() }
            }
        }

        func open() {
            for waiting in opened.withLock({ state in state.open = true; defer { state.waiting = [] }; return state.waiting }) { waiting.resume() }
        }
    }

    static func change(_ id: Int, _ kind: LiveChange.Kind, name: String) throws -> LiveChange {
        let record = try JSONNode.parse(Data(#"{"id":\#(id),"name":"\#(name)"}"#.utf8))
        return LiveChange(kind: kind, key: .number(id), record: record, eventID: name)
    }

    static let subscription = LiveSubscription(.serverSentEvents(URL(string: "http://127.0.0.1/events")!), kind: .character)

    @Test func tenThousandChangesBecomeOneBatchOfTheLastChangeOfEachRecord() async throws {
        var script: [LiveSignal] = [.status(.open)]
        for n in 0..<10_000 { script.append(.change(try Self.change(n % 100, .updated, name: "n\(n)"))) }
        script.append(.change(try Self.change(500, .created, name: "born")))
        script.append(.change(try Self.change(500, .updated, name: "grown")))  // still new
        script.append(.change(try Self.change(501, .created, name: "brief")))
        script.append(.change(try Self.change(501, .deleted, name: "gone")))  // never reaches the list
        let (done, doneSignal) = AsyncStream.makeStream(of: Void.self)
        let (cancelled, cancelledSignal) = AsyncStream.makeStream(of: Void.self)
        let feed = ScriptedFeed(script: script, done: doneSignal, cancelled: cancelledSignal)
        let clock = GateClock()
        let interpreter = EffectInterpreter(source: TestData.rickAndMorty(), transport: TestData.snapshot,
                                            clock: clock, liveFeeds: LiveFeeds { _ in feed })
        let (messages, post) = AsyncStream.makeStream(of: AppMessage.self)
        interpreter.perform(.followEvents(tab: 0, Self.subscription)) { post.yield($0) }
        for await _ in done { break }  // the whole script is held: nothing was handed over yet
        #expect(clock.sleeps.withLock { $0 } == 1, "one tick asked for, by the first thing held")
        clock.open()
        var received: [AppMessage] = []
        for await message in messages {
            received.append(message)
            if case .liveUpdates = message { break }
        }
        interpreter.perform(.stopEvents(tab: 0)) { _ in }
        for await _ in cancelled { break }
        guard case .liveStatus(0, .open) = received.first, received.count == 2,
              case .liveUpdates(0, let updates) = received.last else { Issue.record("\(received)"); return }
        #expect(updates.count == 101, "one a record")
        #expect(updates.prefix(100).map(\.key.id) == (0..<100).map { RecordKey.number($0) }, "in the order first changed")
        #expect(updates.prefix(100).allSatisfy { $0.kind == .updated })
        #expect(updates.last?.key == ItemKey(.character, .number(500)) && updates.last?.kind == .created)
        #expect(updates.prefix(100).map { $0.item == nil } == Array(repeating: true, count: 100), "a partial record is no character")
    }

    @Test func theLastChangeOfARecordWins() throws {
        let held = LiveCoalescer()
        #expect(held.add(try Self.change(1, .updated, name: "a")), "the first thing held asks for a tick")
        #expect(!held.add(try Self.change(1, .updated, name: "b")))
        #expect(!held.add(try Self.change(2, .deleted, name: "c")))
        #expect(!held.add(try Self.change(2, .created, name: "d")))
        #expect(!held.add(.note("x")))
        #expect(!held.add(.reset("lost events")))
        #expect(!held.add(.note("y")), "a reset outranks a note")
        let batch = held.take()
        #expect(batch.changes.map(\.eventID) == ["b", "d"])
        #expect(batch.changes.map(\.kind) == [.updated, .updated], "deleted then created again: changed")
        #expect(batch.note == .reset("lost events"))
        #expect(held.take().isEmpty)
        #expect(held.add(.open), "after a take, the next thing asks again")
    }

    @Test func stopEventsEndsTheFeed() async throws {
        let (done, doneSignal) = AsyncStream.makeStream(of: Void.self)
        let (cancelled, cancelledSignal) = AsyncStream.makeStream(of: Void.self)
        let feed = ScriptedFeed(script: [.status(.open)], done: doneSignal, cancelled: cancelledSignal)
        let clock = GateClock()
        clock.open()
        let interpreter = EffectInterpreter(source: TestData.rickAndMorty(), transport: TestData.snapshot,
                                            clock: clock, liveFeeds: LiveFeeds { _ in feed })
        let (messages, post) = AsyncStream.makeStream(of: AppMessage.self)
        interpreter.perform(.followEvents(tab: 3, Self.subscription)) { post.yield($0) }
        for await _ in done { break }
        var iterator = messages.makeAsyncIterator()
        guard case .liveStatus(3, .open)? = await iterator.next() else { Issue.record("no open"); return }
        #expect(interpreter.activity.running == 0, "a live feed is not activity: the program is idle between changes")
        interpreter.perform(.stopEvents(tab: 3)) { post.yield($0) }
        for await _ in cancelled { break }  // the feed's task was cancelled
        post.finish()
        while let message = await iterator.next() { Issue.record("after stop: \(message)") }
    }

    @Test func noFeedIsSaidOnTheStatusLine() async {
        let interpreter = EffectInterpreter(source: TestData.rickAndMorty(), transport: TestData.snapshot)
        let said = Mutex<[AppMessage]>([])
        interpreter.perform(.followEvents(tab: 0, Self.subscription)) { message in said.withLock { $0.append(message) } }
        guard case .liveStatus(0, .ended(let why))? = said.withLock({ $0.first }) else { Issue.record("nothing said"); return }
        #expect(why.hasPrefix("no feed for events http://127.0.0.1/events"))
    }
}
