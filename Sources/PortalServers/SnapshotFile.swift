import Foundation
import PortalCore

/// Reads one file of a snapshot folder, refusing what no snapshot file should be.
///
/// The folder comes from the command line and may hold anything: a file of gigabytes, a
/// FIFO or `/dev/zero` under a snapshot's name. Only a regular file of at most `limit`
/// bytes is read; anything else is a one-line error naming the path and why.
enum SnapshotFile {
    /// The largest JSON file of a snapshot portal reads (the real ones are under 1 MiB).
    static let maxJSONBytes = 64 * 1_048_576
    /// The largest avatar read: the HTTP transport's body cap.
    static let maxAvatarBytes = 8 * 1_048_576

    static func read(_ path: String, limit: Int) throws(PortalError) -> Data {
        let attributes: [FileAttributeKey: Any]
        do {
            // Through symbolic links (a snapshot assembled from links is fine): what counts
            // is what the link leads to.
            let resolved = (path as NSString).resolvingSymlinksInPath
            attributes = try FileManager.default.attributesOfItem(atPath: resolved)
        } catch {
            throw .dataFileUnreadable(path, "missing or unreadable")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .dataFileUnreadable(path, "not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limit else {
            throw .dataFileUnreadable(path, "\(size / 1_048_576) MiB, more than the \(limit / 1_048_576) MiB a snapshot file may be")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .dataFileUnreadable(path, "missing or unreadable") }
        defer { try? handle.close() }
        // The file may have grown since it was measured: never read more than the limit.
        let data: Data?
        do {
            data = try handle.read(upToCount: limit + 1)
        } catch {
            throw .dataFileUnreadable(path, "read failed")
        }
        let bytes = data ?? Data()
        guard bytes.count <= limit else {
            throw .dataFileUnreadable(path, "more than the \(limit / 1_048_576) MiB a snapshot file may be")
        }
        return bytes
    }
}
