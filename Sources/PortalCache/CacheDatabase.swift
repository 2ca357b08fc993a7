import Foundation
import GRDB

/// The SQLite file behind the disk cache, through GRDB: one connection in WAL mode with
/// a busy timeout, so two portals can read and write it at once without "database is
/// locked", and a schema versioned by migrations.
///
/// Every method throws what SQLite reports; `DiskCache` decides what a failure means
/// (set the file aside, or carry on without a cache).
final class CacheDatabase: Sendable {
    let queue: DatabaseQueue
    let path: String

    /// How long a write waits for another process's write to finish.
    static let busyTimeout: TimeInterval = 10

    init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "portal.cache"
        // One portal at a time switches the file to WAL and checks and migrates its
        // schema (`SetupLock`); afterwards SQLite's own locking shares the file.
        queue = try SetupLock.holding(beside: path, timeout: Self.busyTimeout) {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                // A file written by a newer portal, or a database that is not ours.
                if try Self.migrator.hasBeenSuperseded(db) {
                    throw CacheDatabaseError.unknownSchema(try Self.migrator.appliedIdentifiers(db).sorted())
                }
            }
            try Self.migrator.migrate(queue)
            return queue
        }
        // Reads the whole schema, so a file that is not a database fails here, not later.
        _ = try queue.read { db in try StoredAnswer.fetchCount(db) }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: answers") { db in
            try db.create(table: "answer") { t in
                t.primaryKey("key", .text)
                t.column("host", .text).notNull()
                t.column("url", .text).notNull()
                t.column("status", .integer).notNull()
                t.column("headers", .text).notNull()
                t.column("body", .blob).notNull()
                t.column("fetchedAt", .datetime).notNull()
                t.column("lastUsedAt", .datetime).notNull()
                t.column("size", .integer).notNull()
            }
            // Eviction walks answers oldest-used first and sums their sizes from the index.
            try db.create(index: "answer_lastUsedAt_size", on: "answer", columns: ["lastUsedAt", "size"])
            try db.create(index: "answer_host", on: "answer", columns: ["host"])
        }
        return migrator
    }

    func answer(for key: String) throws -> StoredAnswer? {
        try queue.read { db in try StoredAnswer.fetchOne(db, key: key) }
    }

    /// Writes in an IMMEDIATE transaction: it takes the write lock first (waiting up to the
    /// busy timeout), so it can never fail half-way because another process wrote.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try queue.writeWithoutTransaction { db in
            var result: T?
            try db.inTransaction(.immediate) {
                result = try updates(db)
                return .commit
            }
            return result!
        }
    }

    /// Stores (or replaces) an answer, then evicts the least recently used answers until
    /// the total is at most `capacity` bytes.
    func store(_ answer: StoredAnswer, capacity: Int) throws {
        try write { db in
            try answer.save(db)
            var total = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM answer") ?? 0
            guard total > capacity else { return }
            let cursor = try Row.fetchCursor(db, sql: "SELECT key, size FROM answer ORDER BY lastUsedAt, size DESC")
            var victims: [String] = []
            while total > capacity, let row = try cursor.next() {
                victims.append(row["key"])
                total -= row["size"] as Int
            }
            try StoredAnswer.deleteAll(db, keys: victims)
        }
    }

    func touch(_ key: String, at now: Date) throws {
        try write { db in
            try db.execute(sql: "UPDATE answer SET lastUsedAt = ? WHERE key = ?", arguments: [now, key])
        }
    }

    /// After a 304: the answer counts as fetched now, with the server's newer validators.
    func revalidated(_ key: String, headers: String, at now: Date) throws {
        try write { db in
            try db.execute(sql: "UPDATE answer SET fetchedAt = ?, lastUsedAt = ?, headers = ? WHERE key = ?",
                           arguments: [now, now, headers, key])
        }
    }

    func remove(_ key: String) throws {
        _ = try write { db in try StoredAnswer.deleteOne(db, key: key) }
    }
}

/// Why the cache file was refused.
enum CacheDatabaseError: Error, CustomStringConvertible {
    case unknownSchema([String])

    var description: String {
        switch self {
        case .unknownSchema(let applied): "written by a newer portal (schema \(applied.joined(separator: ", ")))"
        }
    }
}
