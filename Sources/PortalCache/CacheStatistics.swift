import Foundation
import GRDB

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
    public func statistics() -> CacheStatistics? {
        run { db in
            try db.queue.read { db in
                let rows = try Row.fetchAll(db, sql: """
                    SELECT host, COUNT(*) AS entries, SUM(size) AS bytes FROM answer GROUP BY host ORDER BY bytes DESC, host
                    """)
                let hosts = rows.map { CacheStatistics.Host(host: $0["host"], entries: $0["entries"], bytes: $0["bytes"]) }
                let oldest = try Date.fetchOne(db, sql: "SELECT MIN(fetchedAt) FROM answer")
                return CacheStatistics(entries: hosts.reduce(0) { $0 + $1.entries }, bytes: hosts.reduce(0) { $0 + $1.bytes },
                                       oldest: oldest, hosts: hosts)
            }
        }
    }

    /// Removes every answer, or only those of `host`; returns how many went (nil when
    /// the cache is not available).
    @discardableResult
    public func clear(host: String? = nil) -> Int? {
        run { db in
            let removed = try db.write { db in
                if let host {
                    try db.execute(sql: "DELETE FROM answer WHERE host = ?", arguments: [host])
                } else {
                    try db.execute(sql: "DELETE FROM answer")
                }
                return db.changesCount
            }
            // Give the space back to the disk.
            try db.queue.writeWithoutTransaction { try $0.execute(sql: "VACUUM") }
            return removed
        }
    }
}
