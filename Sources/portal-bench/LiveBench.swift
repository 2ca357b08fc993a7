import Foundation
import PortalCore
import PortalDemoModels
import PortalRuntime
import PortalServers
import PortalUI

// MARK: - live: a pushed stream of changes into a million-row list

/// `portal-bench live [--count 1000000] [--events-per-second 10000] [--seconds 10]`: a list
/// of `count` characters held as the browser holds it (sparse, the first screen loaded),
/// following a feed that pushes `events-per-second` changes (`LiveEventMaker`). Each
/// change goes the way the browser takes it (`LivePath`). CPU time of this thread only;
/// no network, no wall clock.
///
/// - `live_events_per_s_sustained`: events / CPU seconds of the whole path.
/// - `frame_p99_us_live` (p50 too): one tick's `update` + frame (model and view).
@MainActor
func live() async {
    let rate = Int(option("events-per-second") ?? "10000") ?? 10_000
    let seconds = Int(option("seconds") ?? "10") ?? 10
    let path = LivePath()
    // The events, made before measuring (the server's work): JSON text as a feed sends it.
    let perTick = max(1, rate / LivePath.ticksPerSecond)
    let ticks = seconds * LivePath.ticksPerSecond
    var maker = LiveEventMaker(path)
    let events = (0..<ticks).map { maker.tick($0, perTick: perTick) }
    var frames: [Double] = []
    frames.reserveCapacity(ticks)
    var total: UInt64 = 0
    var read = 0
    for batch in events {
        let start = threadCPUNanos()
        read += path.hold(batch)
        let updates = path.take()
        let frameStart = threadCPUNanos()
        path.frame(updates)
        let end = threadCPUNanos()
        frames.append(Double(end - frameStart) / 1000)
        total += end - start
    }
    frames.sort()
    let sustained = Double(read) / (Double(total) / 1e9)
    log("live: \(read) events in \(ticks) ticks over \(path.count) rows, \(String(format: "%.0f", sustained)) events/s of CPU, frame p50 \(String(format: "%.1f", percentile(frames, 50))) µs, p99 \(String(format: "%.1f", percentile(frames, 99))) µs")
    emit([("live_events_per_s_sustained", sustained), ("frame_p50_us_live", percentile(frames, 50)), ("frame_p99_us_live", percentile(frames, 99))])
}

/// The browser's live path in process: a million-row list (`--count`) held as a tab holds
/// it, following an SSE subscription; `hold` does what the interpreter does with each
/// event as it comes (`ChangeReader`, `LiveCoalescer`), `take` and `frame` what a display
/// tick does (the held records read as items by `LiveRecordReader`; handed to the
/// controller, the frame drawn).
@MainActor
final class LivePath {
    /// Display ticks a second (40 ms each).
    static let ticksPerSecond = 25

    let feeder: Feeder
    let encoding = APIJSONEncoding(baseURL: baseAPI)
    let count: Int
    let screen: any Screen
    private let reader = ChangeReader(keyFields: ["id"])
    private let records: LiveRecordReader
    private let held = LiveCoalescer()

    init() {
        count = Int(option("count") ?? "1000000") ?? 1_000_000
        let size = Size(columns: Int(option("columns") ?? "120") ?? 120, rows: Int(option("rows") ?? "40") ?? 40)
        feeder = Feeder(base: loadBaseRecords(), total: count, size: size)
        records = LiveRecordReader(source: feeder.source, kind: .character)
        let controller = feeder.controller
        guard let feedURL = URL(string: "http://bench.invalid/api/character/events") else { exit(1) }
        controller.following(LiveSubscription(.serverSentEvents(feedURL), kind: .character))
        feeder.answerAddressed(encoding: encoding)
        guard controller.list.isAddressable, controller.list.count == count else {
            log("live: the list did not become addressable (\(controller.list.count) of \(count))")
            exit(1)
        }
        screen = option("screen") == "null" ? NullScreen(size: size) : TextScreen(size: size)
        controller.render(into: screen)
    }

    /// Reads and holds a batch of events as they arrive; how many were changes.
    func hold(_ events: [ServerSentEvent]) -> Int {
        var read = 0
        for event in events {
            if case .change(let change) = reader.read(event) {
                _ = held.add(change)
                read += 1
            }
        }
        return read
    }

    /// One display tick: what is held, read as items (the interpreter's work) …
    func take() -> [LiveUpdate] {
        held.take().changes.map(records.update)
    }

    /// … then handed to the list, and the frame drawn if it changed (the UI's work).
    func frame(_ updates: [LiveUpdate]) {
        feeder.send(.message(.liveUpdates(tab: 0, updates)))
        if feeder.controller.needsRedraw { feeder.controller.render(into: screen) }
    }
}

/// The server's side: each tick's events as JSON text, `{"type":…,"record":{…}}` with an
/// id — 90% updates anywhere in the list (nearly all to records not loaded), 5% updates of
/// records on screen, 4% created records (new ids past the list's end), 1% deletions.
@MainActor
struct LiveEventMaker {
    private let table: SyntheticCharacterTable
    private let encoding: APIJSONEncoding
    private let count: Int
    private let onScreen: Range<Int>
    private var generator = SystemRandomNumberGenerator()
    private var nextID: Int

    init(_ path: LivePath) {
        table = path.feeder.table
        encoding = path.encoding
        count = path.count
        onScreen = path.feeder.controller.grid.state.visibleRange
        nextID = path.count + 1
    }

    /// Tick `tick`'s `perTick` events.
    mutating func tick(_ tick: Int, perTick: Int) -> [ServerSentEvent] {
        var batch: [ServerSentEvent] = []
        batch.reserveCapacity(perTick)
        for n in 0..<perTick {
            let roll = Int.random(in: 0..<100, using: &generator)
            let type: String
            var character: PortalDemoModels.Character
            if roll < 4 {
                character = table.item(at: Int.random(in: 0..<count, using: &generator))
                character.id = nextID
                nextID += 1
                type = "created"
            } else {
                let position = roll < 9 ? Int.random(in: onScreen, using: &generator) : Int.random(in: 0..<count, using: &generator)
                character = table.item(at: position)
                type = roll == 99 ? "deleted" : "updated"
            }
            character.name += " (edit \(tick).\(n))"
            batch.append(ServerSentEvent(data: #"{"type":"\#(type)","record":\#(encoding.line(character))}"#, lastEventID: "\(tick * perTick + n)"))
        }
        return batch
    }
}
