import Foundation
import PortalCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The on-disk cache as the rest of portal sees it: lookups and stores that never fail.
///
/// A cache is a convenience, so a cache that cannot be opened or read (a corrupt file, a
/// schema from a newer portal, a database that is not portal's) costs one warning and
/// nothing else: a file portal cannot use is renamed aside (`cache.sqlite.broken-<time>`,
/// with its `-wal` and `-shm`) so the next run starts a new one — it is never migrated or
/// changed in place.
///
/// It degrades rather than disappears: a write that fails (a full disk, a file turned
/// read-only) turns writes off for the rest of the run, with one warning, and what is
/// stored is still served; a cache that can only be read (a read-only file system) is
/// opened read-only, or `immutable=1`, and still serves `--offline`.
///
/// It is never borrowed: the folder is 0700 and its files 0600 whatever the umask, no
/// file is opened through a symbolic link (`CacheFiles`), and the keys' digests of API keys
/// are HMACs under the install's secret (`CacheSecret`).
public final class DiskCache: Sendable {
    /// The database file's name inside the cache directory.
    public static let fileName = "cache.sqlite"
    /// The default size cap: 256 MiB of bodies.
    public static let defaultCapacity = 256 * 1_048_576

    public let path: String
    /// The most body bytes kept; least recently used answers are evicted past it.
    public let capacity: Int
    /// The key of the cache keys' HMAC (`CacheSecret`; a random one for this run until
    /// the folder's is read).
    private let secretBox = Mutex(CacheSecret.ephemeral())
    var secret: [UInt8] { secretBox.withLock { $0 } }
    private let database: Mutex<CacheDatabase?>
    private let writable: Mutex<Bool>
    private let warned = Mutex(false)
    private let warn: @Sendable (String) -> Void

    /// Opens (creating if needed) `directory/cache.sqlite`. Never throws: a cache that
    /// cannot be opened is reported through `warn`, once, and stays empty.
    public init(directory: String, capacity: Int = DiskCache.defaultCapacity,
                warn: @escaping @Sendable (String) -> Void = DiskCache.warnOnStandardError) {
        path = URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName).path
        self.capacity = max(0, capacity)
        self.warn = warn
        database = Mutex(nil)
        writable = Mutex(false)
        var opened: CacheDatabase?
        do {
            try CacheFiles.prepareDirectory(directory)
            try CacheFiles.refuseLinks(CacheFiles.companions(of: path))
            if let kept = try CacheSecret.load(directory: directory) { secretBox.withLock { $0 = kept } }
            switch try CacheFiles.openDatabaseFile(path, directory: directory) {
            case .writable:
                CacheFiles.makeCompanionsPrivate(of: path)
                opened = try CacheDatabase(path: path)
            case .readOnly:
                opened = try Self.openReadOnly(path)
                if opened != nil { report("the cache \(path) is read-only; serving what is stored, keeping nothing new") }
            case .missing:
                report("cache disabled: cannot create \(path) (a read-only folder?)")
            }
        } catch let refused as CacheFiles.Refused {
            report("cache disabled: \(refused)")
        } catch {
            opened = recover(from: error)
        }
        let canWrite = opened?.isWritable ?? false
        database.withLock { $0 = opened }
        writable.withLock { $0 = canWrite }
    }

    /// True while the cache is in use (false once it was set aside or could not open).
    public var isAvailable: Bool { database.withLock { $0 != nil } }

    /// True while answers are still stored (false when read-only, or after a failed write).
    public var isWritable: Bool { isAvailable && writable.withLock { $0 } }

    /// Prints `portal: <message>` on stderr.
    public static let warnOnStandardError: @Sendable (String) -> Void = { message in
        StandardStreams.error(message)
    }

    /// The key a request is kept under in this cache (its secrets keyed with `secret`).
    func key(for request: HTTPRequest) -> CacheKey {
        CacheKey(request, secret: secret)
    }

    // MARK: - Operations used by the transport and `portal cache`

    func answer(for key: CacheKey) -> StoredAnswer? {
        read { try $0.answer(for: key.text) } ?? nil
    }

    /// Keeps an answer unless it is too large to be worth a quarter of the cache, or
    /// not a 2xx (an error status is never stored).
    func store(_ answer: StoredAnswer) {
        guard answer.size <= capacity / 4, AnswerReadBack.isServable(status: answer.status) else { return }
        write { try $0.store(answer, capacity: capacity) }
    }

    func touch(_ key: CacheKey, at now: Date) {
        write { try $0.touch(key.text, at: now) }
    }

    func revalidated(_ key: CacheKey, headers: [String: String], at now: Date) {
        write { try $0.revalidated(key.text, headers: StoredAnswer.encode(StoredAnswer.kept(headers)), at: now) }
    }

    func remove(_ key: CacheKey) {
        write { try $0.remove(key.text) }
    }

    /// Runs a read on the open database; a failure disables the cache (see `fail`).
    func read<T>(_ operation: (CacheDatabase) throws -> T) -> T? {
        guard let db = database.withLock({ $0 }) else { return nil }
        do {
            return try operation(db)
        } catch {
            fail(error)
            return nil
        }
    }

    /// Runs a write on the open database while writes are on. A failure that is not the
    /// file's corruption (a full disk, a read-only file) turns writes off and keeps
    /// serving what is stored; corruption disables the cache (see `fail`).
    @discardableResult
    func write<T>(_ operation: (CacheDatabase) throws -> T) -> T? {
        guard writable.withLock({ $0 }), let db = database.withLock({ $0 }) else { return nil }
        do {
            return try operation(db)
        } catch {
            if Self.isUnreadable(error) {
                fail(error)
            } else {
                writable.withLock { $0 = false }
                report("the cache \(path) cannot be written (\(Self.describe(error))); serving what is stored, keeping nothing new")
            }
            return nil
        }
    }

    // MARK: - Failures

    /// A failed read, or a write that found the file corrupt: the cache is off for the
    /// rest of the run, and a file SQLite cannot read is set aside.
    private func fail(_ error: any Error) {
        database.withLock { $0 = nil }
        if Self.isUnreadable(error) {
            report("the cache \(path) cannot be read (\(Self.describe(error))); \(setAside()), going on without it")
        } else {
            report("the cache \(path) failed (\(Self.describe(error))); going on without it")
        }
    }

    /// A file that can be read but not written: read-only, else immutable.
    private static func openReadOnly(_ path: String) throws -> CacheDatabase? {
        do {
            return try CacheDatabase(path: path, mode: .readOnly)
        } catch let error where !isUnreadable(error) {
            return try CacheDatabase(path: path, mode: .immutable)
        }
    }

    /// After a failed open: a file portal cannot use is set aside and a new one opened;
    /// anything else (no such directory, disk full) goes on without a cache.
    private func recover(from error: any Error) -> CacheDatabase? {
        guard Self.isUnreadable(error), FileManager.default.fileExists(atPath: path) else {
            report("cache disabled: cannot open \(path) (\(Self.describe(error)))")
            return nil
        }
        let aside = setAside()
        let problem = Self.isForeign(error) ? "is \(Self.describe(error))" : "could not be read (\(Self.describe(error)))"
        do {
            _ = try CacheFiles.openDatabaseFile(path, directory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
            let fresh = try CacheDatabase(path: path)
            report("the cache \(path) \(problem); \(aside), starting a new one")
            return fresh
        } catch let second {
            report("the cache \(path) \(problem); \(aside); cache disabled: \(Self.describe(second))")
            return nil
        }
    }

    /// Renames the database and its WAL files to `…broken-<unix time>` (never deletes a
    /// WAL: a database that is not portal's keeps everything it had).
    private func setAside() -> String {
        let target = "\(path).broken-\(Int(Date().timeIntervalSince1970))"
        guard rename(path, target) == 0 else { return "could not set it aside" }
        for suffix in ["-wal", "-shm"] { _ = rename(path + suffix, target + suffix) }
        return "set aside as \(target)"
    }

    private func report(_ message: String) {
        let first = warned.withLock { warned in
            defer { warned = true }
            return !warned
        }
        if first { warn(message) }
    }

    /// A database that is not portal's (another application's file).
    static func isForeign(_ error: any Error) -> Bool {
        if case .notPortals = error as? CacheDatabaseError { return true }
        return false
    }

    /// Corruption, a file that is not a database, or a schema from a newer portal.
    static func isUnreadable(_ error: any Error) -> Bool {
        if error is CacheDatabaseError { return true }
        guard let error = error as? SQLiteError else { return false }
        return error.isCorruption
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? SQLiteError { return error.message }
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return "\(error)"
    }
}
