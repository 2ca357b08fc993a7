import Foundation
import PortalCore
@testable import PortalCache
import PortalTestSupport
import Synchronization
import Testing

/// A cache that cannot be opened or read costs one warning, never a failure.
@Suite("DiskCache integrity")
struct CacheIntegrityTests {
    @Test func aCorruptFileIsSetAsideAndANewCacheStarts() async throws {
        let dir = try TemporaryDirectory()
        let file = URL(fileURLWithPath: dir.path).appendingPathComponent(DiskCache.fileName)
        try Data(repeating: 0x5A, count: 8192).write(to: file)
        let warnings = Warnings()
        let cache = DiskCache(directory: dir.path, warn: warnings.sink)
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("could not be read") == true && warnings.all.first?.contains("set aside as") == true)
        #expect(cache.isAvailable)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(files.contains { $0.hasPrefix("cache.sqlite.broken-") })
        let transport = DiskCachingTransport(wrapping: TestData.snapshot, cache: cache)
        _ = try await transport.fetch(characterPage2)
        #expect(try await transport.fetch(characterPage2).cache?.source == .hit)
    }

    /// Portals started together on a cache that does not exist yet: every one opens it
    /// with its schema and no warning. (Migrating reads the schema, then changes
    /// it, in separate steps: unserialised, a second opener saw a half-made file.)
    @Test func portalsOpeningANewCacheTogetherAllGetIt() throws {
        for _ in 0..<12 {
            let dir = try TemporaryDirectory()
            let path = dir.path
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let warnings = Warnings()
                let cache = DiskCache(directory: path, warn: warnings.sink)
                if !cache.isAvailable || !warnings.all.isEmpty || cache.statistics()?.entries != 0 {
                    failures.withLock { $0.append(warnings.all.joined(separator: "; ")) }
                }
            }
            #expect(failures.withLock { $0 } == [])
        }
    }

    @Test func aSchemaFromANewerPortalIsSetAside() throws {
        let dir = try TemporaryDirectory()
        let path = URL(fileURLWithPath: dir.path).appendingPathComponent(DiskCache.fileName).path
        try SQLiteFile.execute(path, """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1: answers'), ('v9: the future')
            """)
        let warnings = Warnings()
        let cache = DiskCache(directory: dir.path, warn: warnings.sink)
        #expect(warnings.all.count == 1 && warnings.all[0].contains("newer portal"), "\(warnings.all)")
        #expect(cache.isAvailable && cache.statistics()?.entries == 0)
    }

    @Test func aDirectoryThatCannotBeCreatedMeansNoCacheAndOneWarning() async throws {
        let dir = try TemporaryDirectory()
        let blocker = URL(fileURLWithPath: dir.path).appendingPathComponent("a-file")
        try Data("not a directory".utf8).write(to: blocker)
        let warnings = Warnings()
        let cache = DiskCache(directory: blocker.appendingPathComponent("portal").path, warn: warnings.sink)
        #expect(!cache.isAvailable)
        #expect(warnings.all.count == 1 && warnings.all[0].hasPrefix("cache disabled: cannot open"), "\(warnings.all)")
        let network = CountingTransport(TestData.snapshot)
        let transport = DiskCachingTransport(wrapping: network, cache: cache)
        #expect(try await transport.fetch(characterPage2).status == 200)
        #expect(try await transport.fetch(characterPage2).status == 200)
        #expect(network.count == 2 && warnings.all.count == 1)
    }

    @Test func aFileBrokenWhileInUseDisablesTheCacheWithOneWarning() async throws {
        let dir = try TemporaryDirectory()
        let warnings = Warnings()
        let cache = DiskCache(directory: dir.path, warn: warnings.sink)
        let network = CountingTransport(TestData.snapshot)
        let transport = DiskCachingTransport(wrapping: network, cache: cache)
        _ = try await transport.fetch(characterPage2)
        // Another program drops the table under us.
        try SQLiteFile.execute(cache.path, "DROP TABLE answer")
        #expect(try await transport.fetch(characterPage2).status == 200)
        #expect(try await transport.fetch(characterPage2).status == 200)
        #expect(!cache.isAvailable && warnings.all.count == 1, "\(warnings.all)")
        #expect(network.count == 3)
    }

    @Test func theLocationFollowsXDG() {
        #expect(CacheLocation.directory(override: "/tmp/x", environment: ["XDG_CACHE_HOME": "/c"]) == "/tmp/x")
        #expect(CacheLocation.directory(override: nil, environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/portal")
        #expect(CacheLocation.directory(override: nil, environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]) == "/h/.cache/portal")
        #expect(CacheLocation.directory(override: nil, environment: ["HOME": "/h"]) == "/h/.cache/portal")
    }
}
