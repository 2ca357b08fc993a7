import Foundation
import PortalCore
import PortalPresets
import PortalCurl
import PortalServers
import PortalRuntime
import PortalUI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// MARK: - stalls: the user waiting on "loading more" while scrolling at a steady rate

@MainActor
func stalls() async {
    guard let base = option("base-url") else {
        log("stalls needs --base-url")
        exit(2)
    }
    let rate = Double(option("rows-per-second") ?? "30") ?? 30
    let size = Size(columns: Int(option("columns") ?? "80") ?? 80, rows: Int(option("rows") ?? "24") ?? 24)
    let limit = Double(option("timeout") ?? "90") ?? 90
    let source = RickAndMortySource(baseURL: BaseURL(base), lists: benchLists)
    let interpreter = EffectInterpreter(source: source, transport: CurlTransport())
    let mailbox = Mailbox()
    let controller = ScreenController(source: source, sourceLabel: "bench")
    let screen = TextScreen(size: size)
    /// Like the terminal loop: every effect goes to the interpreter, results to the mailbox.
    func step(_ event: AppEvent) {
        for effect in controller.update(event) { interpreter.perform(effect) { mailbox.post($0) } }
    }
    step(.start(size))
    controller.render(into: screen)

    let clock = ContinuousClock()
    let began = clock.now
    let interval = Duration.seconds(1 / rate)
    var nextKey = began
    var keys = 0
    var stallCount = 0
    var stallTotal = Duration.zero
    var stallStart: ContinuousClock.Instant?
    var longest = Duration.zero
    // Wait for the first page before the scripted scrolling starts (startup is its own
    // figure).
    while controller.list.count == 0 {
        for message in mailbox.takeAll() { step(.message(message)) }
        if clock.now - began > .seconds(10) { log("stalls: no first page"); exit(1) }
        try? await Task.sleep(for: .milliseconds(1))
    }
    nextKey = clock.now
    while true {
        for message in mailbox.takeAll() { step(.message(message)) }
        let now = clock.now
        if now >= nextKey {
            step(.key(.down))
            keys += 1
            nextKey += interval
        }
        if controller.needsRedraw { controller.render(into: screen) }
        // Stalled: the selected card is a placeholder (its page is not in yet), or, in a
        // list that walks, the selection is on the last loaded row while a page is in
        // flight (the row below is "loading more…" and Down cannot move).
        let grid = controller.grid.state
        let list = controller.list
        let onLastRow = grid.selection.map { grid.row(of: $0) == grid.contentRows - 1 } ?? true
        let onPlaceholder = grid.selection.map { list.item(at: $0) == nil } ?? true
        let stalled = onPlaceholder || (!list.isAddressable && onLastRow && list.pagesInFlight > 0)
        if stalled, stallStart == nil {
            stallStart = now
            stallCount += 1
        } else if !stalled, let start = stallStart {
            stallTotal += now - start
            longest = max(longest, now - start)
            stallStart = nil
        }
        if list.isComplete, let selection = grid.selection, selection >= list.count - grid.columns { break }
        if now - began > .seconds(limit) { log("stalls: gave up after \(limit) s"); break }
        try? await Task.sleep(for: .milliseconds(2))
    }
    func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
    log("stalls: \(keys) keys, \(controller.list.count) characters, \(controller.pageRequestCount) page requests, \(stallCount) stalls, \(String(format: "%.0f", ms(stallTotal))) ms waiting (longest \(String(format: "%.0f", ms(longest))) ms), \(String(format: "%.1f", ms(clock.now - began) / 1000)) s")
    emit([("stalls_count", Double(stallCount)), ("stalls_ms", ms(stallTotal)), ("stalls_longest_ms", ms(longest)),
          ("stalls_keys", Double(keys)), ("stalls_loaded", Double(controller.list.count))])
}
