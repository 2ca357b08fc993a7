// portal-bench: Machine counters, the command line and the snapshot every measurement shares.

import Foundation
import PortalConfig
import PortalCore
import PortalDemoModels
import PortalPresets
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

/// Rick and Morty's lists as portal ships them (its preset file): the bench's characters
/// are records of the `character` list, as the browser holds them.
let benchLists: PresetLists = {
    do { return try BuiltInPresets.rickAndMorty } catch {
        log("cannot read the Rick and Morty preset file: \(error)")
        exit(1)
    }
}()

/// The Rick and Morty source at `baseAPI`, its lists from the preset file.
func benchSource() -> RickAndMortySource { RickAndMortySource(baseURL: baseAPI, lists: benchLists) }

/// `characters` as the browser holds them: their JSON as the API serves it under
/// `baseAPI`, read as one answer by `source` (fields decoded once, the JSON kept).
func characterRecords(_ characters: some Sequence<PortalDemoModels.Character>, source: RickAndMortySource) -> [Item] {
    let encoding = APIJSONEncoding(baseURL: baseAPI)
    let body = Data(("[" + characters.map { encoding.line($0) }.joined(separator: ",") + "]").utf8)
    do { return try source.decodeItems(.character, HTTPResponse(status: 200, body: body)) } catch {
        log("characters not read as records: \(error)")
        exit(1)
    }
}

func loadBaseRecords() -> [PortalDemoModels.Character] {
    do {
        return try RickAndMortyData.load(dataFolder: dataFolder).characters.sorted { $0.id < $1.id }
    } catch {
        log("cannot read the snapshot: \(error)")
        exit(1)
    }
}
