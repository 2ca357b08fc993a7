import Foundation

/// What `portal cache stats` prints: how much is kept, since when, and for which hosts.
public struct CacheStatistics: Sendable, Equatable {
    public struct Host: Sendable, Equatable {
        public var host: String
        public var entries: Int
        public var bytes: Int
    }

    public var entries: Int
    public var bytes: Int
    /// When the oldest kept answer was fetched.
    public var oldest: Date?
    public var hosts: [Host]
}

extension DiskCache {
    /// The figures of what is kept now (nil when the cache is not available).
    ///
    /// Every number and date is read back as a thing a hostile or damaged file may hold:
    /// sizes are summed as floating point in SQL (`TOTAL`, no integer overflow) and
    /// clamped into `Int`, and an oldest date outside the years 1970–9999 is no date.
    public func statistics() -> CacheStatistics? {
        read { db in
            try db.connection.withLock { db in
                let rows = try db.rows("""
                    SELECT CAST(host AS TEXT) AS host, COUNT(*) AS entries, TOTAL(MAX(size, 0)) AS bytes FROM answer
                    GROUP BY 1 ORDER BY bytes DESC, host
                    """)
                let hosts = rows.map { row in
                    CacheStatistics.Host(host: row["host"].string ?? "", entries: row["entries"].int ?? 0,
                                         bytes: CacheNumbers.int(row["bytes"].double ?? 0))
                }
                let oldest = try db.value("""
                    SELECT MIN(CASE WHEN typeof(fetchedAt) IN ('integer', 'real') THEN fetchedAt ELSE unixepoch(fetchedAt) END) FROM answer
                    """)?.double
                return CacheStatistics(entries: CacheNumbers.sum(hosts.map(\.entries)), bytes: CacheNumbers.sum(hosts.map(\.bytes)),
                                       oldest: oldest.flatMap(CacheNumbers.date), hosts: hosts)
            }
        }
    }

    /// Removes every answer, or only those of `host`; returns how many went (nil when
    /// the cache is not available or cannot be written).
    @discardableResult
    public func clear(host: String? = nil) -> Int? {
        write { db in
            let removed = try db.write { db in
                if let host {
                    try db.execute("DELETE FROM answer WHERE host = ?", [.text(host)])
                } else {
                    try db.execute("DELETE FROM answer")
                }
                return db.changes
            }
            // Give the space back to the disk.
            try db.connection.withLock { try $0.execute("VACUUM") }
            return removed
        }
    }
}
