import Foundation
import CSQLite
@testable import PortalCache
import PortalCore
import PortalTestSupport
import Testing

/// What the disk cache keeps in memory, whatever it keeps on disk (issue 27 item 4).
struct CacheMemoryTests {
    /// SQLite's page cache is bounded well under its default of 2,000 KiB: 4 MB of answers
    /// stored and read back leave at most `pageCacheKiB` (plus SQLite's own slack) resident
    /// (before: 2.0 MiB, which stayed for the rest of the session).
    @Test func theDatabaseKeepsASmallPageCache() async throws {
        let dir = try TemporaryDirectory()
        let cache = DiskCache(directory: dir.path, capacity: 64 * 1_048_576)
        let body = Data(repeating: UInt8(ascii: "x"), count: 8_192)
        var keys: [CacheKey] = []
        for index in 0..<500 {
            let url = try #require(URL(string: "http://127.0.0.1/api/character?page=\(index)"))
            let request = HTTPRequest(url: url)
            let key = cache.key(for: request)
            keys.append(key)
            cache.store(StoredAnswer(key: key, url: url, response: HTTPResponse(status: 200, headers: [:], body: body), now: Date()))
        }
        for key in keys { #expect(cache.answer(for: key)?.body.count == body.count) }
        let used = try #require(cache.read { database in
            database.connection.withLock { db in
                var current: Int32 = 0
                var highest: Int32 = 0
                _ = sqlite3_db_status(db.rawHandle, Int32(SQLITE_DBSTATUS_CACHE_USED), &current, &highest, 0)
                return Int(current)
            }
        })
        #expect(used <= (CacheDatabase.pageCacheKiB + 128) * 1024, "\(used) bytes of SQLite page cache")
    }
}
