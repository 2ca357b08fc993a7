import Foundation
import GRDB
import Synchronization

/// The on-disk cache as the rest of portal sees it: lookups and stores that never fail.
///
/// A cache is a convenience, so a cache that cannot be opened or read (a corrupt file, a
/// schema from a newer portal, a full disk, a directory that cannot be written) costs
/// one warning and nothing else: a file SQLite cannot read is renamed aside
/// (`cache.sqlite.broken-<time>`) so the next run starts a new one, and for the rest of
/// this run portal goes on without a cache.
public final class DiskCache: Sendable {
    /// The database file's name inside the cache directory.
    public static let fileName = "cache.sqlite"
    /// The default size cap: 256 MiB of bodies.
    public static let defaultCapacity = 256 * 1_048_576

    public let path: String
    /// The most body bytes kept; least recently used answers are evicted past it.
    public let capacity: Int
    private let database: Mutex<CacheDatabase?>
    private let warned = Mutex(false)
    private let warn: @Sendable (String) -> Void

    /// Opens (creating if needed) `directory/cache.sqlite`. Never throws: a cache that
    /// cannot be opened is reported through `warn`, once, and stays empty.
    public init(directory: String, capacity: Int = DiskCache.defaultCapacity,
                warn: @escaping @Sendable (String) -> Void = DiskCache.warnOnStandardError) {
        path = URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName).path
        self.capacity = capacity
        self.warn = warn
        database = Mutex(nil)
        let opened: CacheDatabase?
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            opened = try CacheDatabase(path: path)
        } catch {
            opened = recover(from: error)
        }
        database.withLock { $0 = opened }
    }

    /// True while the cache is in use (false once it was set aside or could not open).
    public var isAvailable: Bool { database.withLock { $0 != nil } }

    /// Prints `portal: <message>` on stderr.
    public static let warnOnStandardError: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("portal: \(message)\n".utf8))
    }

    // MARK: - Operations used by the transport and `portal cache`

    func answer(for key: CacheKey) -> StoredAnswer? {
        run { try $0.answer(for: key.text) } ?? nil
    }

    /// Keeps an answer unless it is too large to be worth a quarter of the cache.
    func store(_ answer: StoredAnswer) {
        guard answer.size <= capacity / 4 else { return }
        run { try $0.store(answer, capacity: capacity) }
    }

    func touch(_ key: CacheKey, at now: Date) {
        run { try $0.touch(key.text, at: now) }
    }

    func revalidated(_ key: CacheKey, headers: [String: String], at now: Date) {
        run { try $0.revalidated(key.text, headers: StoredAnswer.encode(StoredAnswer.kept(headers)), at: now) }
    }

    func remove(_ key: CacheKey) {
        run { try $0.remove(key.text) }
    }

    /// Runs `operation` on the open database; a failure disables the cache (see `fail`).
    func run<T>(_ operation: (CacheDatabase) throws -> T) -> T? {
        guard let db = database.withLock({ $0 }) else { return nil }
        do {
            return try operation(db)
        } catch {
            database.withLock { $0 = nil }
            if Self.isUnreadable(error) {
                report("the cache \(path) cannot be read (\(Self.describe(error))); \(setAside()), going on without it")
            } else {
                report("the cache \(path) failed (\(Self.describe(error))); going on without it")
            }
            return nil
        }
    }

    // MARK: - Failures

    /// After a failed open: a file SQLite cannot read is set aside and a new one opened;
    /// anything else (no such directory, read-only, disk full) goes on without a cache.
    private func recover(from error: any Error) -> CacheDatabase? {
        guard Self.isUnreadable(error), FileManager.default.fileExists(atPath: path) else {
            report("cache disabled: cannot open \(path) (\(Self.describe(error)))")
            return nil
        }
        let aside = setAside()
        do {
            let fresh = try CacheDatabase(path: path)
            report("the cache \(path) could not be read (\(Self.describe(error))); \(aside), starting a new one")
            return fresh
        } catch let second {
            report("the cache \(path) could not be read (\(Self.describe(error))); \(aside); cache disabled: \(Self.describe(second))")
            return nil
        }
    }

    /// Renames the database (and its WAL files) to `…broken-<unix time>`.
    private func setAside() -> String {
        let target = "\(path).broken-\(Int(Date().timeIntervalSince1970))"
        do {
            try FileManager.default.moveItem(atPath: path, toPath: target)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            return "set aside as \(target)"
        } catch {
            return "could not set it aside"
        }
    }

    private func report(_ message: String) {
        let first = warned.withLock { warned in
            defer { warned = true }
            return !warned
        }
        if first { warn(message) }
    }

    /// Corruption, a file that is not a database, or a schema from a newer portal.
    static func isUnreadable(_ error: any Error) -> Bool {
        if error is CacheDatabaseError { return true }
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return "\(error)"
    }
}
