import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The cache folder's files, made and checked so that the cache is never borrowed: the
/// folder is the user's alone (0700) and every file in it too (0600), whatever the umask,
/// and no file portal writes is a symbolic link planted to point elsewhere.
///
/// SQLite follows symbolic links when it opens a file (and Debian 12's SQLite predates
/// `SQLITE_OPEN_NOFOLLOW`); so every name portal may write (`cache.sqlite`, its `-wal`,
/// `-shm` and `.lock`, the `secret`) is checked with `lstat` first, and the database file
/// is made (or opened) by portal itself with `O_NOFOLLOW` before SQLite sees it. SQLite
/// gives the `-wal` and `-shm` files the database file's own mode, so they are 0600 too.
enum CacheFiles {
    /// A name in the cache folder that portal refuses to open.
    struct Refused: Error, CustomStringConvertible {
        let path: String
        let why: String
        var description: String { "\(path) \(why)" }
    }

    /// The names beside the database that SQLite and portal write.
    static func companions(of database: String) -> [String] {
        [database, database + "-wal", database + "-shm", database + ".lock"]
    }

    /// Makes the folder (and its parents) if needed, and makes it 0700 when it is the
    /// user's. Throws what `mkdir` reports for a folder that cannot be made.
    static func prepareDirectory(_ path: String) throws {
        var info = stat()
        if lstat(path, &info) != 0 {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        // A folder the user owns is made private (a read-only file system refuses: fine).
        if stat(path, &info) == 0, info.st_uid == getuid(), info.st_mode & 0o777 != 0o700 {
            _ = chmod(path, 0o700)
        }
    }

    /// Refuses any of `paths` that is a symbolic link or not a regular file.
    static func refuseLinks(_ paths: [String]) throws {
        for path in paths {
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type == S_IFLNK { throw Refused(path: path, why: "is a symbolic link; portal never writes through one") }
            if type != S_IFREG { throw Refused(path: path, why: "is not a regular file") }
        }
    }

    /// What opening the database file for writing found.
    enum Access {
        /// It can be written (it was made now, 0600, if it was missing).
        case writable
        /// It exists and can only be read (a read-only file system or file).
        case readOnly
        /// It is missing and cannot be made.
        case missing
    }

    /// Opens (making it if missing) the database file without following a link, makes it
    /// 0600 when the user owns it, and says whether it can be written.
    static func openDatabaseFile(_ path: String, directory: String) throws -> Access {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd >= 0 {
            defer { close(fd) }
            makePrivate(fd)
            // SQLite writes its -wal and -shm files beside it: the folder must take them.
            return access(directory, W_OK) == 0 ? .writable : .readOnly
        }
        let error = errno
        if error == ELOOP { throw Refused(path: path, why: "is a symbolic link; portal never writes through one") }
        let reader = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard reader >= 0 else { return .missing }
        close(reader)
        return .readOnly
    }

    /// Gives the files beside the database (from an older portal, or a looser umask) mode 0600.
    static func makeCompanionsPrivate(of database: String) {
        for path in companions(of: database).dropFirst() {
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            makePrivate(fd)
            close(fd)
        }
    }

    /// `fchmod 0600` when the open file is the user's and looser than that.
    static func makePrivate(_ fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_uid == getuid(), info.st_mode & 0o777 != 0o600 else { return }
        _ = fchmod(fd, 0o600)
    }
}
