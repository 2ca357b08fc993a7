import Foundation
import PortalCore
@testable import PortalServers
import Testing

/// A snapshot folder is outside data: files too large, or not files at all, are refused
/// with one line naming the path.
@Suite("Snapshot files are read within limits")
struct SnapshotFileTests {
    /// A folder holding `rickandmorty/` whose characters.json is `size` bytes (sparse, so instant).
    static func folder(charactersSize size: Int) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UInt32.random(in: 0...UInt32.max))")
        let folder = root.appendingPathComponent("rickandmorty")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("characters.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        return root
    }

    @Test func aFileOverTheLimitIsRefusedWithAMessage() throws {
        let root = try Self.folder(charactersSize: SnapshotFile.maxJSONBytes + 1)
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try RickAndMortyData.load(dataFolder: root.path)
            Issue.record("a 64 MiB + 1 file was read")
        } catch {
            #expect("\(error)".contains("characters.json") && "\(error)".contains("more than the 64 MiB"), "\(error)")
        }
    }

    @Test func somethingThatIsNotAFileIsRefused() throws {
        let root = try Self.folder(charactersSize: 0)
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("rickandmorty/characters.json").path
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        #expect(throws: PortalError.dataFileUnreadable(path, "not a regular file")) {
            _ = try RickAndMortyData.load(dataFolder: root.path)
        }
    }
}
