import Foundation
import PortalCore
import PortalDemoModels
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
    // From this many rows the list is held as the browser holds a million: sparse, its
    // pages addressed, only those near the screen kept (a walked million passes the list's
    // byte budget at about 550,000 and could never be measured whole).
    let sparseFrom = Int(option("sparse-from") ?? "1000000") ?? 1_000_000
    let encoding = APIJSONEncoding(baseURL: baseAPI)
    var figures: [(String, Double)] = []
    for count in counts {
        let feeder = Feeder(base: base, total: count, size: size)
        let sparse = count >= sparseFrom
        let controller = feeder.controller
        let screen: any Screen = option("screen") == "null" ? NullScreen(size: size) : TextScreen(size: size)
        if sparse {
            feeder.answerAddressed(encoding: encoding)
            guard controller.list.isAddressable, controller.list.count == count else {
                log("frames: the list did not become addressable (\(controller.list.count) of \(count))")
                exit(1)
            }
        } else {
            feeder.loadAll(batch: 50_000)
            guard controller.list.count == count, controller.list.isComplete else {
                log("frames: loaded \(controller.list.count) of \(count)")
                exit(1)
            }
        }
        // Start at the last card, so every count is measured in the same place relative
        // to the end and the list cannot ask for more.
        feeder.send(.key(.end))
        if sparse { feeder.answerAddressed(encoding: encoding) }
        controller.render(into: screen)
        // Warm up.
        for key in [KeyInput.up, .down] {
            for _ in 0..<50 {
                feeder.send(.key(key))
                if sparse { feeder.answerAddressed(encoding: encoding) }
                controller.render(into: screen)
            }
        }
        var samples: [Double] = []
        var pagesDuring = 0
        samples.reserveCapacity(rounds * keysPerDirection * 2)
        for _ in 0..<rounds {
            for key in [KeyInput.up, .down] {
                for _ in 0..<keysPerDirection {
                    let start = threadCPUNanos()
                    feeder.send(.key(key))
                    controller.render(into: screen)
                    samples.append(Double(threadCPUNanos() - start) / 1000)
                    // Pages asked for on the way arrive between frames, as from the network
                    // (their own frames are the page-insert figures' business).
                    if sparse { pagesDuring += feeder.answerAddressed(encoding: encoding) }
                }
            }
        }
        if sparse { log("frames \(count): sparse, \(controller.list.pagesLoaded) pages held, \(pagesDuring) asked for while measuring") }
        samples.sort()
        let label = count >= 1_000_000 ? "\(count / 1_000_000)m" : "\(count / 1_000)k"
        let p50 = percentile(samples, 50), p99 = percentile(samples, 99)
        log("frames \(label): \(samples.count) keys, p50 \(String(format: "%.1f", p50)) µs, p99 \(String(format: "%.1f", p99)) µs")
        figures.append(("frame_p50_us_\(label)", p50))
        figures.append(("frame_p99_us_\(label)", p99))
    }
    emit(figures)
}
