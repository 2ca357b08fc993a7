import Foundation
import PortalCore
import PortalServers
import PortalRuntime
import PortalUI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// MARK: - inserts: CPU to fold one 20-item page in, by list length

@MainActor
func inserts() async {
    let base = loadBaseRecords()
    let counts = intList("counts", [1_000, 100_000])
    let pages = Int(option("pages") ?? "20") ?? 20
    var figures: [(String, Double)] = []
    for count in counts {
        let feeder = Feeder(base: base, total: count + pages * 20 + 20, size: Size(columns: 80, rows: 24))
        // Load `count` items, still with a next page.
        while feeder.delivered < count {
            if feeder.pending.isEmpty { feeder.send(.key(.end)) }
            guard feeder.deliver(min(50_000, count - feeder.delivered), isLast: false) else { break }
        }
        var samples: [Double] = []
        for _ in 0..<pages {
            if feeder.pending.isEmpty { feeder.send(.key(.end)) }
            guard let message = feeder.nextMessage(20, isLast: false) else { break }
            let start = threadCPUNanos()
            let effects = feeder.controller.update(.message(message))
            samples.append(Double(threadCPUNanos() - start) / 1000)
            feeder.pending += effects.filter { if case .fetchPage = $0 { true } else { false } }
        }
        if option("samples") != nil { log("samples \(samples.map { Int($0) })") }
        samples.sort()
        if samples.count < pages { log("inserts: only \(samples.count) of \(pages) pages were asked for") }
        let label = count >= 1_000_000 ? "\(count / 1_000_000)m" : "\(count / 1_000)k"
        log("inserts \(label): median \(String(format: "%.1f", percentile(samples, 50))) µs per 20-item page")
        figures.append(("page_insert_us_\(label)", percentile(samples, 50)))
    }
    emit(figures)
}
