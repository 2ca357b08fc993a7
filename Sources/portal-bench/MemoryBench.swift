import Foundation
import PortalCore
import PortalDemoModels
import PortalPaging
import PortalPresets
import PortalServers
import PortalRuntime
import PortalUI
import Synchronization
#if canImport(Glibc)
import Glibc
import PortalJSON
#endif

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
    // The synthetic pages hold `pageSize` characters, not the API's 20: walked by their `info.next`.
    let strategy = PresetPages<PortalDemoModels.Character>.rickAndMorty(baseURL: baseAPI, request: .list(.character), items: ["results"],
                                                                  paging: PagingSpec(style: NextURLPaging.name, names: ["next": "info.next"]), reader: .apiDecodable)
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
    log("memory \(label): \(count) characters in \(String(format: "%.1f", Date().timeIntervalSince(start))) s, \(String(format: "%.0f", perItem)) B each, RSS \(after / 1_048_576) MB, peak \(peak / 1_048_576) MB, stride \(MemoryLayout<PortalDemoModels.Character>.stride) B")
    withExtendedLifetime(loader) {}
    emit([("bytes_per_char_\(label)", perItem), ("peak_rss_mb_\(label)", Double(peak) / 1_048_576),
          ("character_stride_bytes", Double(MemoryLayout<PortalDemoModels.Character>.stride))])
}
