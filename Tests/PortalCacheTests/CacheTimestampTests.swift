import Foundation
@testable import PortalCache
import PortalTestSupport
import Testing

/// The cache's timestamps are written without a `DateFormatter` (see `CacheTimestamp`)
/// and must still be the text GRDB wrote (the library earlier portals kept the cache with),
/// so files written before read back the same.
struct CacheTimestampTests {
    /// Dates and the text GRDB's `Date` conversion wrote for them (checked against GRDB
    /// 7.10 while portal still linked it).
    static let written: [(Date, String)] = [
        (Date(timeIntervalSince1970: 0), "1970-01-01 00:00:00.000"),
        (Date(timeIntervalSince1970: 1_800_000_000.123), "2027-01-15 08:00:00.123"),
        (Date(timeIntervalSince1970: 951_782_400.5), "2000-02-29 00:00:00.500"),       // a leap day of a century
        (Date(timeIntervalSince1970: 4_107_542_399.999), "2100-02-28 23:59:59.999"),
        (Date(timeIntervalSince1970: 1_764_115_200.0009), "2025-11-26 00:00:00.001"),  // under a millisecond past
        (Date(timeIntervalSince1970: -86_400.25), "1969-12-30 23:59:59.750"),          // before 1970
        (Date(timeIntervalSince1970: 253_402_300_799), "9999-12-31 23:59:59.000"),
    ]

    @Test func theTextIsWhatGRDBWrote() throws {
        for (date, text) in Self.written {
            #expect(CacheTimestamp.text(date) == text, "\(date.timeIntervalSince1970)")
        }
    }

    @Test func whatGRDBWroteReadsBackToTheMillisecond() throws {
        for (date, text) in Self.written {
            let read = try #require(CacheTimestamp.date(.text(text)))
            #expect(abs(read.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.001, "\(date.timeIntervalSince1970)")
            #expect(CacheTimestamp.text(read) == text)
        }
    }

    @Test func theFormsSQLiteTakesAndNothingElse() {
        func seconds(_ text: String) -> Double? { CacheTimestamp.date(.text(text))?.timeIntervalSince1970 }
        let midnight: Double = 1_800_000_000 - 8 * 3600  // 2027-01-15 00:00 UTC
        #expect(seconds("2027-01-15") == midnight)
        #expect(seconds("2027-01-15 08:00") == 1_800_000_000)
        #expect(seconds("2027-01-15T08:00:00.5Z") == 1_800_000_000.5)
        #expect(seconds("2027-01-15 10:00:00+02:00") == seconds("2027-01-15 08:00:00"))
        #expect(seconds("2027-01-15 06:30:00-01:30") == seconds("2027-01-15 08:00:00"))
        #expect(CacheTimestamp.date(.real(1e300))?.timeIntervalSince1970 == 1e300)
        #expect(CacheTimestamp.date(.integer(42))?.timeIntervalSince1970 == 42)
        for bad in ["the year 40000", "2027-02-29", "2027-13-01", "2027-01-15 24:00", "2027-01-15 08:00:", "2027-01-15 08:00:00.",
                    "27-01-15", "2027-01-15x", "08:00", ""] {
            #expect(CacheTimestamp.date(.text(bad)) == nil, "\(bad)")
        }
        #expect(CacheTimestamp.date(.null) == nil && CacheTimestamp.date(.blob(Data([1]))) == nil)
        #expect(CacheTimestamp.date(.real(.nan)) == nil)
    }

    /// Through the cache: a stored answer's times are the text GRDB wrote, an answer an
    /// older portal wrote is served, and eviction still goes by `lastUsedAt`.
    @Test func aStoredAnswerKeepsItsTimesAsBefore() async throws {
        let dir = try TemporaryDirectory()
        let cache = DiskCache(directory: dir.path, capacity: 1_000_000)
        let clock = TestClock()
        let transport = DiskCachingTransport(wrapping: TestData.snapshot, cache: cache, now: clock.function)
        _ = try await transport.fetch(characterPage2)
        #expect(try SQLiteFile.strings(cache.path, "SELECT fetchedAt FROM answer") == ["2027-01-15 08:00:00.000"])
        // A row an older portal wrote (GRDB's `Date` conversion, 30 s before) is served.
        try SQLiteFile.execute(cache.path, "UPDATE answer SET fetchedAt = ?", [.text("2027-01-15 07:59:30.000")])
        clock.advance(1)
        let served = try await transport.fetch(characterPage2)
        #expect(served.cache?.source == .hit)
        #expect(served.cache?.fetchedAt == clock.now.addingTimeInterval(-31))
        #expect(try SQLiteFile.strings(cache.path, "SELECT lastUsedAt FROM answer") == ["2027-01-15 08:00:01.000"])
    }
}
