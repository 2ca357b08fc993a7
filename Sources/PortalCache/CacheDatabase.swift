import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The SQLite file behind the disk cache: one connection in WAL mode with a busy timeout,
/// so two portals can read and write it at once without "database is locked", and a
/// schema versioned by migrations (recorded in `grdb_migrations`, the table the GRDB-based
/// portals before wrote, so their files open as they are).
///
/// Every method throws what SQLite reports (`SQLiteError`); `DiskCache` decides what a
/// failure means (set the file aside, or carry on without a cache).
final class CacheDatabase: Sendable {
    /// The connection, used by one caller at a time.
    let connection: Mutex<SQLiteConnection>
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
        let opened: SQLiteConnection
        switch mode {
        case .readWrite:
            // One portal at a time checks the file is portal's, switches it to WAL and
            // migrates its schema (`SetupLock`); afterwards SQLite's own locking shares it.
            opened = try SetupLock.holding(beside: path, timeout: Self.busyTimeout) {
                // Checked on a read-only connection first: a file that is not portal's is
                // never changed (not even switched to WAL).
                try Self.checkOwnership(path)
                let connection = try Self.open(path, readOnly: false)
                try connection.execute("PRAGMA journal_mode = WAL")
                try Self.migrate(connection)
                if try connection.value("PRAGMA application_id")?.int != Int(Self.applicationID) {
                    try connection.execute("PRAGMA application_id = \(Self.applicationID)")
                }
                return connection
            }
        case .readOnly, .immutable:
            try Self.checkOwnership(path, immutable: mode == .immutable)
            opened = try Self.open(mode == .immutable ? Self.immutableURI(path) : path, readOnly: true)
            // Nothing can be migrated here: a schema that is not the current one is refused.
            guard try Self.appliedMigrations(opened) == Self.migrations.map(\.identifier) else {
                throw CacheDatabaseError.olderSchema
            }
        }
        // Reads the whole schema, so a file that is not a database fails here, not later.
        _ = try opened.value("SELECT COUNT(*) FROM answer")
        connection = Mutex(opened)
    }

    private static func open(_ path: String, readOnly: Bool) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, readOnly: readOnly, busyTimeout: busyTimeout)
        try connection.execute("PRAGMA cache_size = -\(pageCacheKiB)")
        return connection
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
        let probe = try SQLiteConnection(path: immutable ? immutableURI(path) : path, readOnly: true, busyTimeout: busyTimeout)
        let id = Int32(truncatingIfNeeded: try probe.value("PRAGMA application_id")?.int ?? 0)
        let tables = try probe.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            .compactMap { $0["name"].string }
        if id != applicationID {
            let foreign = tables.filter { !["answer", migrationsTable].contains($0) }
            guard id == 0, foreign.isEmpty else {
                throw CacheDatabaseError.notPortals(applicationID: id, tables: foreign.sorted())
            }
        }
        if tables.contains(migrationsTable) {
            let applied = try appliedMigrations(probe)
            let known = Set(migrations.map(\.identifier))
            if !applied.allSatisfy(known.contains) { throw CacheDatabaseError.unknownSchema(applied.sorted()) }
        }
    }

    /// The table that records which migrations a file has had (GRDB's name for it, kept so
    /// the files earlier portals wrote read back unchanged).
    static let migrationsTable = "grdb_migrations"

    /// The schema's steps, oldest first; each runs once per file, in one transaction.
    static let migrations: [(identifier: String, sql: String)] = [
        ("v1: answers", """
            CREATE TABLE "answer" ("key" TEXT PRIMARY KEY NOT NULL, "host" TEXT NOT NULL, "url" TEXT NOT NULL,
              "status" INTEGER NOT NULL, "headers" TEXT NOT NULL, "body" BLOB NOT NULL, "fetchedAt" DATETIME NOT NULL,
              "lastUsedAt" DATETIME NOT NULL, "size" INTEGER NOT NULL);
            -- Eviction walks answers oldest-used first and sums their sizes from the index.
            CREATE INDEX "answer_lastUsedAt_size" ON "answer"("lastUsedAt", "size");
            CREATE INDEX "answer_host" ON "answer"("host");
            """),
    ]

    /// The identifiers of the migrations `connection`'s file has had, in the order applied.
    static func appliedMigrations(_ connection: SQLiteConnection) throws -> [String] {
        let exists = try connection.value("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(migrationsTable)])
        guard exists?.int ?? 0 > 0 else { return [] }
        return try connection.rows("SELECT identifier FROM \(migrationsTable) ORDER BY rowid").compactMap { $0["identifier"].string }
    }

    /// Applies the migrations the file has not had yet.
    static func migrate(_ connection: SQLiteConnection) throws {
        try connection.immediateTransaction {
            try connection.execute("CREATE TABLE IF NOT EXISTS \(migrationsTable) (identifier TEXT NOT NULL PRIMARY KEY)")
            let applied = Set(try appliedMigrations(connection))
            for migration in migrations where !applied.contains(migration.identifier) {
                try connection.execute(migration.sql)
                try connection.execute("INSERT INTO \(migrationsTable) (identifier) VALUES (?)", [.text(migration.identifier)])
            }
        }
    }

    /// The kept answer for `key`. A row portal would never have written — a status outside
    /// 2xx, a value that does not decode (a date or size out of range) — is no answer, and
    /// is dropped when the file can be written. SQLite's own errors are thrown.
    func answer(for key: String) throws -> StoredAnswer? {
        let row = try connection.withLock { try $0.rows("SELECT * FROM answer WHERE key = ?", [.text(key)]).first }
        guard let row else { return nil }
        guard let answer = StoredAnswer(row: row), AnswerReadBack.isServable(status: answer.status) else {
            if isWritable { try? remove(key) }
            return nil
        }
        return answer
    }

    /// Writes in an IMMEDIATE transaction: it takes the write lock first (waiting up to the
    /// busy timeout), so it can never fail half-way because another process wrote.
    func write<T: Sendable>(_ updates: (SQLiteConnection) throws -> T) throws -> T {
        try connection.withLock { connection in try connection.immediateTransaction { try updates(connection) } }
    }

    /// Stores (or replaces) an answer, then evicts the least recently used answers until
    /// the total is at most `capacity` bytes.
    func store(_ answer: StoredAnswer, capacity: Int) throws {
        try write { db in
            try db.execute("""
                INSERT OR REPLACE INTO answer (key, host, url, status, headers, body, fetchedAt, lastUsedAt, size)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, answer.columns)
            // Summed as floating point (`TOTAL`) and clamped: a damaged or planted size
            // cannot overflow SQLite's integers or portal's.
            var total = CacheNumbers.int(try db.value("SELECT TOTAL(MAX(size, 0)) FROM answer")?.double ?? 0)
            guard total > capacity else { return }
            // Values coerced in SQL, so no row's odd type can trap the decoding.
            var victims: [Int64] = []
            try db.forEachRow("SELECT rowid, CAST(MAX(size, 0) AS INTEGER) AS size FROM answer ORDER BY lastUsedAt, size DESC") { row in
                guard total > capacity, case .integer(let rowid) = row["rowid"] else { return false }
                victims.append(rowid)
                total = CacheNumbers.sum([total, -(row["size"].int ?? 0)])
                return true
            }
            for rowid in victims { try db.execute("DELETE FROM answer WHERE rowid = ?", [.integer(rowid)]) }
        }
    }

    func touch(_ key: String, at now: Date) throws {
        try write { db in
            try db.execute("UPDATE answer SET lastUsedAt = ? WHERE key = ?", [.text(CacheTimestamp.text(now)), .text(key)])
        }
    }

    /// After a 304: the answer counts as fetched now, with the server's newer validators.
    func revalidated(_ key: String, headers: String, at now: Date) throws {
        try write { db in
            try db.execute("UPDATE answer SET fetchedAt = ?, lastUsedAt = ?, headers = ? WHERE key = ?",
                           [.text(CacheTimestamp.text(now)), .text(CacheTimestamp.text(now)), .text(headers), .text(key)])
        }
    }

    func remove(_ key: String) throws {
        try write { db in try db.execute("DELETE FROM answer WHERE key = ?", [.text(key)]) }
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
