import Foundation
import PortalCore
import PortalServers
import PortalRuntime
import PortalUI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// MARK: - frames: CPU per key + redraw

/// A screen that keeps nothing: timing a frame into it measures the view models and the
/// views alone, without the in-memory TextScreen's own cell bookkeeping.
final class NullScreen: Screen {
    let size: Size
    let colorCount = 256
    var characters = 0
    init(size: Size) { self.size = size }
    func clear() {}
    func put(_ text: String, row: Int, column: Int, style: Style) { characters &+= text.utf8.count }
    func flush() {}
}

@MainActor
func frames() async {
    let base = loadBaseRecords()
    let counts = intList("counts", [1_000, 100_000, 1_000_000])
    let keysPerDirection = Int(option("keys") ?? "400") ?? 400
    let rounds = Int(option("rounds") ?? "5") ?? 5
    let size = Size(columns: Int(option("columns") ?? "120") ?? 120, rows: Int(option("rows") ?? "40") ?? 40)
    var figures: [(String, Double)] = []
    for count in counts {
        let feeder = Feeder(base: base, total: count, size: size)
        feeder.loadAll(batch: 50_000)
        let controller = feeder.controller
        let screen: any Screen = option("screen") == "null" ? NullScreen(size: size) : TextScreen(size: size)
        guard controller.list.count == count, controller.list.isComplete else {
            log("frames: loaded \(controller.list.count) of \(count)")
            exit(1)
        }
        // Start at the last card, so every count is measured in the same place relative
        // to the end and the list cannot ask for more.
        _ = controller.update(.key(.end))
        controller.render(into: screen)
        // Warm up.
        for _ in 0..<50 { _ = controller.update(.key(.up)); controller.render(into: screen) }
        for _ in 0..<50 { _ = controller.update(.key(.down)); controller.render(into: screen) }
        var samples: [Double] = []
        samples.reserveCapacity(rounds * keysPerDirection * 2)
        for _ in 0..<rounds {
            for key in [KeyInput.up, .down] {
                for _ in 0..<keysPerDirection {
                    let start = threadCPUNanos()
                    _ = controller.update(.key(key))
                    controller.render(into: screen)
                    samples.append(Double(threadCPUNanos() - start) / 1000)
                }
            }
        }
        samples.sort()
        let label = count >= 1_000_000 ? "\(count / 1_000_000)m" : "\(count / 1_000)k"
        let p50 = percentile(samples, 50), p99 = percentile(samples, 99)
        log("frames \(label): \(samples.count) keys, p50 \(String(format: "%.1f", p50)) µs, p99 \(String(format: "%.1f", p99)) µs")
        figures.append(("frame_p50_us_\(label)", p50))
        figures.append(("frame_p99_us_\(label)", p99))
    }
    emit(figures)
}
