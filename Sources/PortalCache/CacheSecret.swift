import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The install's own random secret that keys the cache key's HMAC (`CacheKey`): 32 random
/// bytes in `secret` in the cache folder, mode 0600, made once by the first portal that
/// opens the cache.
///
/// Without it, the key's digest would be a plain SHA-256 of `apikey=…`, and anyone who can
/// read the cache file could test guesses of a weak key against it. With it, the file
/// alone says nothing about the key.
///
/// Made without a race: written to a temporary file (`O_EXCL`, 0600) and linked into
/// place, so two portals starting together end up with the same secret, and a reader never
/// sees half of one. Read without following a link. A secret that cannot be read or made
/// (a read-only folder) is replaced, for this run only, by a random one: answers keyed by
/// a header are then not found, the others still are.
enum CacheSecret {
    static let fileName = "secret"
    static let length = 32

    /// The secret in `directory`, made if missing; nil when it cannot be read nor made.
    static func load(directory: String) throws -> [UInt8]? {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(fileName).path
        try CacheFiles.refuseLinks([path])
        if let existing = read(path) { return existing }
        var bytes = [UInt8](repeating: 0, count: length)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        let temporary = path + ".new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        defer { unlink(temporary) }
        CacheFiles.makePrivate(fd)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, length) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == length, synced else { return nil }
        if link(temporary, path) == 0 { return bytes }
        // Another portal made it first (or a broken one is there): use what is there,
        // else put ours in its place.
        if let existing = read(path) { return existing }
        return rename(temporary, path) == 0 ? bytes : nil
    }

    /// The secret at `path`, when it is a regular file of exactly `length` bytes.
    private static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        CacheFiles.makePrivate(fd)
        var bytes = [UInt8](repeating: 0, count: length + 1)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, length + 1) }
        guard count == length else { return nil }
        return Array(bytes.prefix(length))
    }

    /// A secret for this run only.
    static func ephemeral() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<length).map { _ in generator.next() }
    }
}
