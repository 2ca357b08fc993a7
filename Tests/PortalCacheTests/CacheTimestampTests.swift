import Foundation
import GRDB
@testable import PortalCache
import PortalTestSupport
import Testing

/// The cache's timestamps are written without a `DateFormatter` (see `CacheTimestamp`)
/// and must still be the text GRDB writes, so files written before read back the same.
struct CacheTimestampTests {
    static let dates: [Date] = [
        Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_800_000_000.123),
        Date(timeIntervalSince1970: 951_782_400.5),      // 2000-02-29 (a leap day of a century)
        Date(timeIntervalSince1970: 4_107_542_399.999),  // 2100-02-28 23:59:59.999
        Date(timeIntervalSince1970: 1_764_115_200.0009), // 2025-11-26, under a millisecond past
        Date(timeIntervalSince1970: -86_400.25),          // before 1970
        Date(timeIntervalSince1970: 253_402_300_799),     // 9999-12-31 23:59:59
    ]

    @Test func theTextIsWhatGRDBWrites() throws {
        for date in Self.dates {
            #expect(DatabaseValue(value: CacheTimestamp.text(date)) == date.databaseValue, "\(date.timeIntervalSince1970)")
        }
    }

    @Test func whatGRDBWroteReadsBackToTheMillisecond() throws {
        for date in Self.dates {
            let read = try #require(CacheTimestamp.date(date.databaseValue))
            #expect(abs(read.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.001, "\(date.timeIntervalSince1970)")
            #expect(CacheTimestamp.text(read) == CacheTimestamp.text(date))
        }
    }

    @Test func theFormsSQLiteTakesAndNothingElse() {
        func seconds(_ text: String) -> Double? { CacheTimestamp.date(text.databaseValue)?.timeIntervalSince1970 }
        let midnight: Double = 1_800_000_000 - 8 * 3600  // 2027-01-15 00:00 UTC
        #expect(seconds("2027-01-15") == midnight)
        #expect(seconds("2027-01-15 08:00") == 1_800_000_000)
        #expect(seconds("2027-01-15T08:00:00.5Z") == 1_800_000_000.5)
        #expect(seconds("2027-01-15 10:00:00+02:00") == seconds("2027-01-15 08:00:00"))
        #expect(seconds("2027-01-15 06:30:00-01:30") == seconds("2027-01-15 08:00:00"))
        #expect(CacheTimestamp.date(1e300.databaseValue)?.timeIntervalSince1970 == 1e300)
        #expect(CacheTimestamp.date(Int64(42).databaseValue)?.timeIntervalSince1970 == 42)
        for bad in ["the year 40000", "2027-02-29", "2027-13-01", "2027-01-15 24:00", "2027-01-15 08:00:", "2027-01-15 08:00:00.",
                    "27-01-15", "2027-01-15x", "08:00", ""] {
            #expect(CacheTimestamp.date(bad.databaseValue) == nil, "\(bad)")
        }
        #expect(CacheTimestamp.date(.null) == nil && CacheTimestamp.date(Data([1]).databaseValue) == nil)
        #expect(CacheTimestamp.date(Double.nan.databaseValue) == nil)
    }

    /// Through the cache: a stored answer's times are the text GRDB would have written,
    /// an answer GRDB's own conversion wrote is served, and eviction still goes by
    /// `lastUsedAt`.
    @Test func aStoredAnswerKeepsItsTimesAsBefore() async throws {
        let dir = try TemporaryDirectory()
        let cache = DiskCache(directory: dir.path, capacity: 1_000_000)
        let clock = TestClock()
        let transport = DiskCachingTransport(wrapping: TestData.snapshot, cache: cache, now: clock.function)
        _ = try await transport.fetch(characterPage2)
        let queue = try DatabaseQueue(path: cache.path)
        let stored = try await queue.read { db in try String.fetchOne(db, sql: "SELECT fetchedAt FROM answer") }
        #expect(stored == "2027-01-15 08:00:00.000")
        // A row written by GRDB's `Date` conversion (an older portal) is served.
        try await queue.write { db in
            try db.execute(sql: "UPDATE answer SET fetchedAt = ?", arguments: [clock.now.addingTimeInterval(-30)])
        }
        clock.advance(1)
        let served = try await transport.fetch(characterPage2)
        #expect(served.cache?.source == .hit)
        #expect(served.cache?.fetchedAt == clock.now.addingTimeInterval(-31))
        let touched = try await queue.read { db in try String.fetchOne(db, sql: "SELECT lastUsedAt FROM answer") }
        #expect(touched == "2027-01-15 08:00:01.000")
    }
}
