import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// The SQLite file behind the disk cache, through GRDB: one connection in WAL mode with
/// a busy timeout, so two portals can read and write it at once without "database is
/// locked", and a schema versioned by migrations.
///
/// Every method throws what SQLite reports; `DiskCache` decides what a failure means
/// (set the file aside, or carry on without a cache).
final class CacheDatabase: Sendable {
    let queue: DatabaseQueue
    let path: String
    /// False when the file is opened read-only (a read-only file system or file).
    let isWritable: Bool

    /// How long a write waits for another process's write to finish.
    static let busyTimeout: TimeInterval = 10

    /// `PRAGMA application_id` of a portal cache ("PRTL"): a file without it is not
    /// portal's (unless it is an older portal's, recognised by its schema and marked).
    static let applicationID: Int32 = 0x5052_544C

    /// How the file is opened.
    enum Mode {
        /// Read and written, in WAL mode, migrated to the current schema.
        case readWrite
        /// Read only (`SQLITE_OPEN_READONLY`): a file or folder that cannot be written.
        case readOnly
        /// Read only and `immutable=1`: no locks, no `-shm`, for a file on a read-only file
        /// system where even a read-only WAL connection cannot start.
        case immutable
    }

    /// SQLite's page cache for the connection, in KiB. SQLite's default (2,000 KiB) filled
    /// up in a session of jumps and stayed resident: 2.2 MB of the browser's 64 MB goal.
    /// Answers are read by key, mostly once each, and the kernel caches the file anyway:
    /// SQLite's own copy of its pages buys little beyond the tree's inner pages.
    static let pageCacheKiB = 256

    init(path: String, mode: Mode = .readWrite) throws {
        self.path = path
        isWritable = mode == .readWrite
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "portal.cache"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKiB)")
        }
        switch mode {
        case .readWrite:
            configuration.journalMode = .wal
            // One portal at a time checks the file is portal's, switches it to WAL and
            // migrates its schema (`SetupLock`); afterwards SQLite's own locking shares it.
            queue = try SetupLock.holding(beside: path, timeout: Self.busyTimeout) {
                // Checked on a read-only connection first: a file that is not portal's is
                // never changed (not even switched to WAL).
                try Self.checkOwnership(path)
                let queue = try DatabaseQueue(path: path, configuration: configuration)
                try Self.migrator.migrate(queue)
                try queue.writeWithoutTransaction { db in
                    if try Int32.fetchOne(db, sql: "PRAGMA application_id") != Self.applicationID {
                        try db.execute(sql: "PRAGMA application_id = \(Self.applicationID)")
                    }
                }
                return queue
            }
        case .readOnly, .immutable:
            configuration.readonly = true
            try Self.checkOwnership(path, immutable: mode == .immutable)
            queue = try DatabaseQueue(path: mode == .immutable ? Self.immutableURI(path) : path, configuration: configuration)
            // Nothing can be migrated here: a schema that is not the current one is refused.
            try queue.read { db in
                guard try Self.migrator.completedMigrations(db) == Self.migrator.migrations.map({ $0 }) else {
                    throw CacheDatabaseError.olderSchema
                }
            }
        }
        // Reads the whole schema, so a file that is not a database fails here, not later.
        _ = try queue.read { db in try StoredAnswer.fetchCount(db) }
    }

    /// `file:<path>?immutable=1` (the system SQLite takes URI file names).
    static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
    }

    /// Throws unless the file at `path` is empty (new), portal's (its application id), or
    /// an older portal's (no application id, and nothing but portal's own tables).
    static func checkOwnership(_ path: String, immutable: Bool = false) throws {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size > 0 else { return }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        let probe = try DatabaseQueue(path: immutable ? immutableURI(path) : path, configuration: configuration)
        try probe.read { db in
            let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            if id != applicationID {
                let foreign = tables.filter { !["answer", "grdb_migrations"].contains($0) }
                guard id == 0, foreign.isEmpty else {
                    throw CacheDatabaseError.notPortals(applicationID: id, tables: foreign.sorted())
                }
            }
            if tables.contains("grdb_migrations") {
                let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
                let known = Set(migrator.migrations)
                if !applied.allSatisfy(known.contains) { throw CacheDatabaseError.unknownSchema(applied.sorted()) }
            }
        }
        try probe.close()
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

    /// The kept answer for `key`. A row portal would never have written — a status outside
    /// 2xx, a value that does not decode (a date or size out of range) — is no answer, and
    /// is dropped when the file can be written. SQLite's own errors are thrown.
    func answer(for key: String) throws -> StoredAnswer? {
        let answer: StoredAnswer?
        do {
            answer = try queue.read { db in try StoredAnswer.fetchOne(db, key: key) }
        } catch let error as DatabaseError {
            throw error
        } catch {
            answer = nil
        }
        guard let answer, AnswerReadBack.isServable(status: answer.status) else {
            if isWritable { try? remove(key) }
            return nil
        }
        return answer
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
            // Set unless `updates` threw, which `inTransaction` rethrows before here.
            guard let result else { throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the write ended without a result") }
            return result
        }
    }

    /// Stores (or replaces) an answer, then evicts the least recently used answers until
    /// the total is at most `capacity` bytes.
    func store(_ answer: StoredAnswer, capacity: Int) throws {
        try write { db in
            try answer.save(db)
            // Summed as floating point (`TOTAL`) and clamped: a damaged or planted size
            // cannot overflow SQLite's integers or portal's.
            var total = CacheNumbers.int(try Double.fetchOne(db, sql: "SELECT TOTAL(MAX(size, 0)) FROM answer") ?? 0)
            guard total > capacity else { return }
            // Values coerced in SQL, so no row's odd type can trap the decoding.
            let cursor = try Row.fetchCursor(db, sql: """
                SELECT rowid, CAST(MAX(size, 0) AS INTEGER) AS size FROM answer ORDER BY lastUsedAt, size DESC
                """)
            var victims: [Int64] = []
            while total > capacity, let row = try cursor.next() {
                victims.append(row["rowid"])
                total = CacheNumbers.sum([total, -(row["size"] as Int)])
            }
            for rowid in victims { try db.execute(sql: "DELETE FROM answer WHERE rowid = ?", arguments: [rowid]) }
        }
    }

    func touch(_ key: String, at now: Date) throws {
        try write { db in
            try db.execute(sql: "UPDATE answer SET lastUsedAt = ? WHERE key = ?", arguments: [CacheTimestamp.text(now), key])
        }
    }

    /// After a 304: the answer counts as fetched now, with the server's newer validators.
    func revalidated(_ key: String, headers: String, at now: Date) throws {
        try write { db in
            try db.execute(sql: "UPDATE answer SET fetchedAt = ?, lastUsedAt = ?, headers = ? WHERE key = ?",
                           arguments: [CacheTimestamp.text(now), CacheTimestamp.text(now), headers, key])
        }
    }

    func remove(_ key: String) throws {
        _ = try write { db in try StoredAnswer.deleteOne(db, key: key) }
    }
}

/// Why the cache file was refused.
enum CacheDatabaseError: Error, CustomStringConvertible {
    case unknownSchema([String])
    /// A database, but not portal's: another application id, or tables portal never makes.
    case notPortals(applicationID: Int32, tables: [String])
    /// An older portal's schema where it cannot be migrated (a read-only cache).
    case olderSchema

    var description: String {
        switch self {
        case .unknownSchema(let applied): "written by a newer portal (schema \(applied.joined(separator: ", ")))"
        case .notPortals(let id, let tables):
            "not a portal cache (" + (id != 0 ? String(format: "application id 0x%08X", id) : "tables \(tables.prefix(5).joined(separator: ", "))") + ")"
        case .olderSchema: "written by an older portal, and read-only here"
        }
    }
}
