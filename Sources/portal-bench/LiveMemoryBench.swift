import Foundation
import PortalCore

// MARK: - livememory: resident memory after ten minutes of a live list

/// `portal-bench livememory [--count 1000000] [--events-per-second 10000] [--minutes 10]
/// [--pace compressed|realtime]`: the live path of `portal-bench live` (`LivePath`, a
/// million rows) fed ten minutes' worth of events — 10,000 a second × 600 s = 6,000,000 in
/// 15,000 ticks of 400 — each tick's events made just before it (so none is held by the
/// bench), and the process's resident memory read before and after.
///
/// - `--pace compressed` (the default, what `make bench` runs): the ticks back to back, as
///   fast as the path takes them. Nothing in the path keeps time (the coalescer holds one
///   tick, the marks are counted, the list's pages bounded by bytes), so what it holds
///   depends on the events fed and their order, which are the same as at the real pace.
/// - `--pace realtime`: one tick every 40 ms of wall time, for the full ten minutes.
///
/// Figures (MB = 2^20 bytes), resident memory as `top` shows it (`/proc/self/statm`, no
/// `malloc_trim`):
/// - `rss_mb_live_10min`: after the last tick.
/// - `rss_mb_live_start`: with the first screen loaded, before the first event.
/// - `rss_mb_live_growth_10min`: the difference; the goal is the tab's byte budget
///   (`PageByteBudget.defaultMaxBytes`, 16 MiB): following the feed may cost no more than
///   the pages the list is allowed to hold.
@MainActor
func liveMemory() async {
    let rate = Int(option("events-per-second") ?? "10000") ?? 10_000
    let minutes = Double(option("minutes") ?? "10") ?? 10
    let realtime = option("pace") == "realtime"
    let path = LivePath()
    let perTick = max(1, rate / LivePath.ticksPerSecond)
    let ticks = Int(minutes * 60) * LivePath.ticksPerSecond
    var maker = LiveEventMaker(path)
    let mb = 1_048_576.0
    let start = residentBytes()
    let clock = ContinuousClock()
    let began = clock.now
    var deadline = began
    var read = 0
    for tick in 0..<ticks {
        read += path.hold(maker.tick(tick, perTick: perTick))
        path.frame(path.take())
        if realtime {
            deadline += .milliseconds(1000 / LivePath.ticksPerSecond)
            try? await Task.sleep(until: deadline, clock: clock)
        }
        if (tick + 1) % (60 * LivePath.ticksPerSecond) == 0 {
            log("livememory: minute \((tick + 1) / (60 * LivePath.ticksPerSecond)), \(read) events, RSS \(String(format: "%.1f", Double(residentBytes()) / mb)) MB")
        }
    }
    let end = residentBytes()
    let wall = clock.now - began
    let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
    trimHeap()
    let trimmed = residentBytes()
    log("livememory (\(realtime ? "realtime" : "compressed")): \(read) events in \(ticks) ticks over \(path.count) rows in \(String(format: "%.0f", seconds)) s; RSS \(String(format: "%.1f", Double(start) / mb)) MB at the first screen, \(String(format: "%.1f", Double(end) / mb)) MB after (\(String(format: "%.1f", Double(trimmed) / mb)) MB after malloc_trim), peak \(String(format: "%.1f", Double(statusField("VmHWM")) / mb)) MB")
    withExtendedLifetime(path) {}
    emit([("rss_mb_live_10min", Double(end) / mb), ("rss_mb_live_start", Double(start) / mb),
          ("rss_mb_live_growth_10min", Double(end - start) / mb), ("live_10min_events", Double(read)), ("live_10min_wall_s", seconds)])
}
