import Foundation
import PortalCore
import PortalRuntime
import PortalServers
import PortalUI

// MARK: - live: a pushed stream of changes into a million-row list

/// `portal-bench live [--count 1000000] [--events-per-second 10000] [--seconds 10]`: a list
/// of `count` characters held as the browser holds it (sparse, the first screen loaded),
/// following a feed that pushes `events-per-second` changes: 90% updates anywhere in the
/// list (nearly all to records not loaded), 5% updates of records on screen, 4% created
/// records, 1% deletions. Each change goes the way the browser takes it — the event's
/// JSON read (`ChangeReader`), held (`LiveCoalescer`), then once a tick (40 ms) the
/// records read as items (`LiveRecordReader`) and the batch handed to the controller and
/// drawn. CPU time of this thread only; no network, no wall clock.
///
/// - `live_events_per_s_sustained`: events / CPU seconds of the whole path.
/// - `frame_p99_us_live` (p50 too): one tick's `update` + frame (model and view).
@MainActor
func live() async {
    let base = loadBaseRecords()
    let count = Int(option("count") ?? "1000000") ?? 1_000_000
    let rate = Int(option("events-per-second") ?? "10000") ?? 10_000
    let seconds = Int(option("seconds") ?? "10") ?? 10
    let size = Size(columns: Int(option("columns") ?? "120") ?? 120, rows: Int(option("rows") ?? "40") ?? 40)
    let encoding = APIJSONEncoding(baseURL: baseAPI)
    let feeder = Feeder(base: base, total: count, size: size)
    let controller = feeder.controller
    guard let feedURL = URL(string: "http://bench.invalid/api/character/events") else { exit(1) }
    controller.following(LiveSubscription(.serverSentEvents(feedURL), kind: .character))
    feeder.answerAddressed(encoding: encoding)
    guard controller.list.isAddressable, controller.list.count == count else {
        log("live: the list did not become addressable (\(controller.list.count) of \(count))")
        exit(1)
    }
    let screen: any Screen = option("screen") == "null" ? NullScreen(size: size) : TextScreen(size: size)
    controller.render(into: screen)
    // The events, made before measuring (the server's work): JSON text as a feed sends it.
    let ticksPerSecond = 25
    let perTick = max(1, rate / ticksPerSecond)
    let ticks = seconds * ticksPerSecond
    var generator = SystemRandomNumberGenerator()
    var nextID = count + 1
    let onScreen = controller.grid.state.visibleRange
    var events: [[ServerSentEvent]] = []
    events.reserveCapacity(ticks)
    for tick in 0..<ticks {
        var batch: [ServerSentEvent] = []
        batch.reserveCapacity(perTick)
        for n in 0..<perTick {
            let roll = Int.random(in: 0..<100, using: &generator)
            let type: String
            var character: PortalCore.Character
            if roll < 4 {
                character = feeder.table.item(at: Int.random(in: 0..<count, using: &generator))
                character.id = nextID
                nextID += 1
                type = "created"
            } else {
                let position = roll < 9 ? Int.random(in: onScreen, using: &generator) : Int.random(in: 0..<count, using: &generator)
                character = feeder.table.item(at: position)
                type = roll == 99 ? "deleted" : "updated"
            }
            character.name += " (edit \(tick).\(n))"
            batch.append(ServerSentEvent(data: #"{"type":"\#(type)","record":\#(encoding.line(character))}"#, lastEventID: "\(tick * perTick + n)"))
        }
        events.append(batch)
    }
    let reader = ChangeReader(keyFields: ["id"])
    let records = LiveRecordReader(source: feeder.source, kind: .character)
    let held = LiveCoalescer()
    var frames: [Double] = []
    frames.reserveCapacity(ticks)
    var total: UInt64 = 0
    var read = 0
    for batch in events {
        let start = threadCPUNanos()
        for event in batch {
            if case .change(let change) = reader.read(event) {
                _ = held.add(change)
                read += 1
            }
        }
        let updates = held.take().changes.map(records.update)
        let frameStart = threadCPUNanos()
        feeder.send(.message(.liveUpdates(tab: 0, updates)))
        if controller.needsRedraw { controller.render(into: screen) }
        let end = threadCPUNanos()
        frames.append(Double(end - frameStart) / 1000)
        total += end - start
    }
    frames.sort()
    let sustained = Double(read) / (Double(total) / 1e9)
    log("live: \(read) events in \(ticks) ticks over \(count) rows, \(String(format: "%.0f", sustained)) events/s of CPU, frame p50 \(String(format: "%.1f", percentile(frames, 50))) µs, p99 \(String(format: "%.1f", percentile(frames, 99))) µs")
    emit([("live_events_per_s_sustained", sustained), ("frame_p50_us_live", percentile(frames, 50)), ("frame_p99_us_live", percentile(frames, 99))])
}
