// portal-bench: the in-process measurements behind `make bench` (see docs/benchmarks.md).
//
//   portal-bench frames  [--data DIR] [--counts 1000,100000,1000000] [--keys N]
//   portal-bench memory  [--data DIR] --count N [--page-size P]
//   portal-bench inserts [--data DIR] [--counts 1000,100000]
//   portal-bench sparse  [--data DIR] [--count 1000000] [--max-pages N]
//   portal-bench stalls  [--data DIR] --base-url URL [--rows-per-second 30] [--columns 80 --rows 24]
//   portal-bench pictures [--data DIR]
//
// Each subcommand prints one flat JSON object (figure → number) on stdout; progress goes
// to stderr. bench/run.sh merges the objects into bench/results.json.

import Foundation
import PortalCore
import PortalHTTP
import PortalServers
import PortalRuntime
import PortalUI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Machine counters

/// CPU time of the calling thread, in nanoseconds.
func threadCPUNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Resident set size from /proc/self/statm, in bytes.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// A `kB` field of /proc/self/status (VmHWM, VmRSS), in bytes.
func statusField(_ name: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
        let digits = line.drop(while: { !$0.isNumber }).prefix(while: { $0.isNumber })
        return (Int(digits) ?? 0) * 1024
    }
    return 0
}

/// Gives freed heap back to the kernel so RSS shows what is live, not what malloc keeps.
/// (glibc's `malloc_trim`, looked up at run time: Swift's Glibc module does not import
/// `<malloc.h>`.)
func trimHeap() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p / 100 * Double(sorted.count - 1)).rounded())
    return sorted[min(max(0, rank), sorted.count - 1)]
}

func log(_ text: String) {
    FileHandle.standardError.write(Data(("portal-bench: " + text + "\n").utf8))
}

/// Prints a flat JSON object of figures, keys in the given order.
func emit(_ figures: [(String, Double)]) {
    let body = figures.map { key, value -> String in
        let number = value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.3f", value)
        return "\"\(key)\":\(number)"
    }.joined(separator: ",")
    print("{" + body + "}")
}

// MARK: - Arguments

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
func intList(_ name: String, _ fallback: [Int]) -> [Int] {
    option(name).map { $0.split(separator: ",").compactMap { Int($0) } } ?? fallback
}

let dataFolder = option("data") ?? ProcessInfo.processInfo.environment["PORTAL_DATA"] ?? "../shared/data"
let baseAPI: BaseURL = "http://bench.invalid/api"

func loadBaseRecords() -> [PortalCore.Character] {
    do {
        return try RickAndMortyData.load(dataFolder: dataFolder).characters.sorted { $0.id < $1.id }
    } catch {
        log("cannot read the snapshot: \(error)")
        exit(1)
    }
}

// MARK: - Driving the controller in process

/// Feeds a controller with synthetic characters in batches of any size, through its own
/// update path: the controller's page effects are kept, and each is answered with the
/// next batch as a `.page` message.
@MainActor
final class Feeder {
    let controller: ScreenController
    let table: SyntheticCharacterTable
    var pending: [Effect] = []
    var delivered = 0

    init(base: [PortalCore.Character], total: Int, size: Size) {
        table = SyntheticCharacterTable(base: base, count: total)
        controller = ScreenController(source: RickAndMortySource(baseURL: baseAPI), sourceLabel: "bench")
        send(.start(size))
    }

    /// Hands `event` to the controller and keeps the page effects it returns.
    func send(_ event: AppEvent) {
        pending += controller.update(event).filter { if case .fetchPage = $0 { true } else { false } }
    }

    /// The message answering the oldest page effect with the next `count` items (fewer at
    /// the end); nil when nothing was pending.
    func nextMessage(_ count: Int, isLast: Bool? = nil) -> AppMessage? {
        guard !pending.isEmpty, case .fetchPage(let list, let ticket, _, _) = pending.removeFirst() else { return nil }
        let upper = min(table.count, delivered + count)
        var items: [Item] = []
        items.reserveCapacity(upper - delivered)
        for position in delivered..<upper { items.append(.character(table.item(at: position))) }
        delivered = upper
        let last = isLast ?? (upper >= table.count)
        let next = last ? nil : PageRequest(url: URL(string: "\(baseAPI)/character?page=\(ticket.request.index + 2)")!, index: ticket.request.index + 1)
        return .page(list, ticket, .success(PageContent(items: items, next: next, totalCount: last ? table.count : nil)))
    }

    /// Answers the oldest pending page request; false when nothing was pending.
    func deliver(_ count: Int, isLast: Bool? = nil) -> Bool {
        guard let message = nextMessage(count, isLast: isLast) else { return false }
        send(.message(message))
        return true
    }

    /// Loads everything in batches of `batch`, leaving the list exhausted.
    func loadAll(batch: Int) {
        while delivered < table.count {
            if pending.isEmpty { send(.key(.end)) }
            guard deliver(batch) else {
                log("the controller asked for no page at \(delivered)")
                return
            }
        }
    }
}

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
            feeder.pending += effects
        }
        samples.sort()
        let label = count >= 1_000_000 ? "\(count / 1_000_000)m" : "\(count / 1_000)k"
        log("inserts \(label): median \(String(format: "%.1f", percentile(samples, 50))) µs per 20-item page")
        figures.append(("page_insert_us_\(label)", percentile(samples, 50)))
    }
    emit(figures)
}

// MARK: - memory: resident bytes per loaded character

/// Page `page` (from 1) of `table` in the Rick and Morty API's shape, `pageSize` records.
func characterPage(_ page: Int, pageSize: Int, of table: SyntheticCharacterTable, encoding: APIJSONEncoding) -> Data {
    let count = table.count
    let lower = (page - 1) * pageSize
    let upper = min(count, lower + pageSize)
    let pages = (count + pageSize - 1) / pageSize
    var w = JSONWriter(reserving: (upper - lower) * 900 + 256)
    w.beginObject()
    w.key("info"); w.beginObject()
    w.field("count", count)
    w.field("pages", pages)
    w.field("next", page < pages ? "\(baseAPI)/character?page=\(page + 1)" : nil)
    w.field("prev", page > 1 ? "\(baseAPI)/character?page=\(page - 1)" : nil)
    w.endObject()
    w.key("results"); w.beginArray()
    for position in lower..<upper { encoding.write(table.item(at: position), into: &w) }
    w.endArray()
    w.endObject()
    return Data(w.bytes)
}

func memory() {
    let count = Int(option("count") ?? "100000") ?? 100_000
    let pageSize = Int(option("page-size") ?? "") ?? max(10_000, count / 20)
    let base = loadBaseRecords()
    let table = SyntheticCharacterTable(base: base, count: count)
    let encoding = APIJSONEncoding(baseURL: baseAPI)
    let strategy = RickAndMortyPages<PortalCore.Character>(baseURL: baseAPI, request: .list(.character))
    let loader = ListLoader(strategy: strategy)

    func body(page: Int) -> Data {
        characterPage(page, pageSize: pageSize, of: table, encoding: encoding)
    }

    // Warm the decoder and the interner with one page that is thrown away, so the
    // baseline already holds the runtime's one-off allocations and the interned strings
    // any list of characters shares.
    do {
        let warm = ListLoader(strategy: strategy)
        if let ticket = warm.loadMore() {
            let response = HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body(page: 1))
            warm.apply(Result { () throws(PageFailure) in try strategy.decode(response, for: ticket.request) }, for: ticket)
        }
    }
    trimHeap()
    let before = residentBytes()
    let start = Date()
    var page = 1
    while let ticket = loader.loadMore() {
        let response = HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body(page: page))
        let result = Result { () throws(PageFailure) in try strategy.decode(response, for: ticket.request) }
        if case .failure(let failure) = result {
            log("memory: page \(page) failed: \(failure)")
            exit(1)
        }
        loader.apply(result, for: ticket)
        page += 1
    }
    trimHeap()
    let after = residentBytes()
    let peak = statusField("VmHWM")
    guard loader.count == count else {
        log("memory: loaded \(loader.count) of \(count)")
        exit(1)
    }
    let perItem = Double(after - before) / Double(count)
    let label = count >= 1_000_000 ? "\(count / 1_000_000)m" : "\(count / 1_000)k"
    log("memory \(label): \(count) characters in \(String(format: "%.1f", Date().timeIntervalSince(start))) s, \(String(format: "%.0f", perItem)) B each, RSS \(after / 1_048_576) MB, peak \(peak / 1_048_576) MB, stride \(MemoryLayout<PortalCore.Character>.stride) B")
    withExtendedLifetime(loader) {}
    emit([("bytes_per_char_\(label)", perItem), ("peak_rss_mb_\(label)", Double(peak) / 1_048_576),
          ("character_stride_bytes", Double(MemoryLayout<PortalCore.Character>.stride))])
}

// MARK: - sparse: what the browser's list holds at its page bound on a million rows

/// Jumps a `SparseList` of the browser's items (`Item`, through `RickAndMortySource`, as a
/// tab holds them) around a synthetic million, answering every page it asks for, until it
/// holds `--max-pages` pages and has evicted as many again; then the resident memory the
/// list holds. It measures the bound `--max-pages` sets (`SparseList.defaultMaxPages`),
/// which is otherwise an estimate from `bytes_per_char_1m`.
func sparse() {
    let count = Int(option("count") ?? "1000000") ?? 1_000_000
    let maxPages = Int(option("max-pages") ?? "") ?? SparseList<Item>.defaultMaxPages
    let base = loadBaseRecords()
    let table = SyntheticCharacterTable(base: base, count: count)
    let encoding = APIJSONEncoding(baseURL: baseAPI)
    let source = RickAndMortySource(baseURL: baseAPI)
    let query = ListQuery(kind: .character)
    let strategy = SourcePages(source: source, query: query)
    let list = SparseList<Item>(firstPage: strategy.firstPage, addressing: PageAddressing(source: source, query: query),
                                maxPages: maxPages, maxInFlight: 1_000)

    func answer(_ tickets: [PageTicket]) {
        for ticket in tickets {
            let response = HTTPResponse(status: 200, headers: ["content-type": "application/json"],
                                        body: characterPage(ticket.request.index + 1, pageSize: 20, of: table, encoding: encoding))
            _ = list.apply(Result { () throws(PageFailure) in try strategy.decode(response, for: ticket.request) }, for: ticket)
        }
    }

    answer(list.ticketsForPages(near: 0..<20, before: 0, after: 0))
    guard list.isAddressable, list.count == count else {
        log("sparse: the list did not become addressable (\(list.count) items)")
        exit(1)
    }
    trimHeap()
    let before = residentBytes()
    let start = Date()
    // A fixed walk of jumps (a linear congruential sequence, so runs compare), one page on
    // screen each, until the bound has been reached and turned over once.
    var position = 1211
    var jumps = 0
    while jumps < maxPages * 2 {
        position = (position &* 1_103_515_245 &+ 12_345) & 0x7fff_ffff
        let page = position % (count / 20)
        answer(list.ticketsForPages(near: (page * 20)..<(page * 20 + 20), before: 0, after: 0))
        jumps += 1
    }
    let seconds = Date().timeIntervalSince(start)
    trimHeap()
    let after = residentBytes()
    let held = list.loadedPageCount
    let items = held * 20
    let megabytes = Double(after - before) / 1_048_576
    log("sparse \(count / 1_000)k: \(jumps) jumps in \(String(format: "%.1f", seconds)) s, "
        + "\(held) pages held (bound \(maxPages)), \(String(format: "%.1f", megabytes)) MB held, "
        + "\(String(format: "%.0f", Double(after - before) / Double(max(1, items)))) B per item")
    withExtendedLifetime(list) {}
    emit([("sparse_pages_held", Double(held)), ("sparse_rss_mb_at_bound", megabytes),
          ("sparse_jump_us", seconds / Double(jumps) * 1e6),
          ("sparse_bytes_per_item", Double(after - before) / Double(max(1, items)))])
}

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
    let source = RickAndMortySource(baseURL: BaseURL(base))
    let interpreter = EffectInterpreter(source: source, transport: AsyncHTTPTransport())
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


// MARK: - main

switch arguments.first {
case "frames": await frames()
case "inserts": await inserts()
case "memory": memory()
case "sparse": sparse()
case "stalls": await stalls()
case "pictures": await pictures()
default:
    log("usage: portal-bench frames|inserts|memory|sparse|stalls|pictures [options] (see docs/benchmarks.md)")
    exit(2)
}
