import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Serialises opening the cache across processes. Opening switches the file to WAL and
/// runs the migrations, which read the schema and then change it in separate steps: two
/// portals starting together on a new cache could each see it half made ("no such table:
/// grdb_migrations", "table answer already exists", "database is locked"). The lock is an
/// `flock` on `cache.sqlite.lock` beside the database, held only while it is opened.
///
/// Best effort: where the lock file cannot be made (a read-only directory), opening goes
/// on without it and SQLite decides. A lock still held after `timeout` (a portal stopped
/// half-way through opening) is an error: the cache is then skipped, not forced.
enum SetupLock {
    struct TimedOut: Error, CustomStringConvertible {
        let path: String
        var description: String { "another portal has been opening the cache for too long (\(path))" }
    }

    static func holding<T>(beside path: String, timeout: TimeInterval, _ body: () throws -> T) throws -> T {
        let lockPath = path + ".lock"
        // Never through a link (`CacheFiles`), and the user's alone.
        let fd = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0, errno == ELOOP { throw CacheFiles.Refused(path: lockPath, why: "is a symbolic link; portal never writes through one") }
        guard fd >= 0 else { return try body() }
        CacheFiles.makePrivate(fd)
        defer { close(fd) }  // closing releases the lock
        let deadline = Date().addingTimeInterval(timeout)
        // Opening takes milliseconds; a short sleep between tries only ever runs while
        // another portal is opening the same cache.
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { return try body() }
            guard Date() < deadline else { throw TimedOut(path: path) }
            usleep(5_000)
        }
        return try body()
    }
}
