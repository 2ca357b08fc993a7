import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
@testable import PortalCache
import PortalTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A cache that is never poisoned, never borrowed, and degrades rather than disappears:
/// what portal does with a hostile server, a hostile cache folder and a full disk.
@Suite("The disk cache against hostile answers and folders", .serialized)
struct CacheHardeningTests {
    static let pages = PresetPages<Character>.rickAndMorty(baseURL: TestData.base, request: .list(.character, page: 2))

    /// Decodes a Rick and Morty page as the browser does, through the one retry loop.
    static func page(_ transport: any Transport) async -> Result<Int, PageFailure> {
        let sender = RetryingSender(transport: transport, policy: RetryPolicy(maxAttempts: 3), clock: ManualClock(), random: { 0 })
        return await sender.send(HTTPRequest(url: URL(string: characterPage2)!)) { response throws(PageFailure) in
            try pages.decode(response, for: pages.firstPage).items.count
        }
    }

    static func path(_ dir: TemporaryDirectory, _ name: String) -> String {
        URL(fileURLWithPath: dir.path).appendingPathComponent(name).path
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    // MARK: Never poisoned

    /// A fresh answer on disk that does not decode (planted, or damaged) is dropped and
    /// the page is fetched from the network: before, it was read back on every attempt
    /// ("the same undecodable answer came twice") and by `r`.
    @Test func aStoredAnswerThatDoesNotDecodeIsDroppedAndFetchedAgain() async throws {
        let dir = try TemporaryDirectory()
        let cache = DiskCache(directory: dir.path)
        let request = HTTPRequest(url: URL(string: characterPage2)!)
        let bad = HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(#"{"info":{"count":1},"results":[{"id":"#.utf8))
        cache.store(StoredAnswer(key: cache.key(for: request), url: request.url, response: bad, now: Date()))
        #expect(cache.answer(for: cache.key(for: request)) != nil)
        let network = CountingTransport(TestData.snapshot)
        let transport = CachingTransport(wrapping: DiskCachingTransport(wrapping: network, cache: cache))
        let result = await Self.page(transport)
        #expect(try result.get() == 20)
        #expect(network.count == 1)
        // The good answer replaced the bad one, and is served from memory and from disk.
        #expect(cache.answer(for: cache.key(for: request))?.body != bad.body)
        #expect(try await Self.page(transport).get() == 20 && network.count == 1)
        #expect(try await Self.page(DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path))).get() == 20)
        #expect(network.count == 1)
    }

    /// `--offline` with an undecodable stored answer: it fails once, is dropped, and then
    /// says plainly that it is not in the cache.
    @Test func offlineAnUndecodableAnswerIsDroppedNotServedAgain() async throws {
        let dir = try TemporaryDirectory()
        let cache = DiskCache(directory: dir.path)
        let request = HTTPRequest(url: URL(string: characterPage2)!)
        cache.store(StoredAnswer(key: cache.key(for: request), url: request.url, response: .json(200, "[1,2"), now: Date()))
        let offline = DiskCachingTransport(wrapping: TestData.snapshot, cache: cache, offline: true)
        guard case .failure(let failure) = await Self.page(offline) else {
            Issue.record("an undecodable answer decoded")
            return
        }
        #expect(failure.kind == .transport(.notInCache), "\(failure)")
    }

    /// A status outside 2xx is never stored, and a row holding one (a planted file) is
    /// never served.
    @Test func anErrorStatusIsNeverStoredNorServed() async throws {
        let dir = try TemporaryDirectory()
        let cache = DiskCache(directory: dir.path)
        let request = HTTPRequest(url: URL(string: characterPage2)!)
        cache.store(StoredAnswer(key: cache.key(for: request), url: request.url, response: .json(404, "{}"), now: Date()))
        #expect(cache.statistics()?.entries == 0)
        let good = try await TestData.snapshot.send(request)
        cache.store(StoredAnswer(key: cache.key(for: request), url: request.url, response: good, now: Date()))
        try SQLiteFile.execute(cache.path, "UPDATE answer SET status = 500")
        let network = CountingTransport(TestData.snapshot)
        let answer = try await DiskCachingTransport(wrapping: network, cache: cache, offline: false).fetch(characterPage2)
        #expect(answer.status == 200 && answer.cache?.source == .miss && network.count == 1)
    }

    /// A kept answer a later caller cannot decode goes from the session cache too (and
    /// from the disk cache behind it): the next request reaches the network.
    @Test func theSessionCacheDropsAnAnswerALaterCallerCannotDecode() async throws {
        let dir = try TemporaryDirectory()
        let network = CountingTransport(TestData.snapshot)
        let disk = DiskCache(directory: dir.path)
        let transport = CachingTransport(wrapping: DiskCachingTransport(wrapping: network, cache: disk))
        #expect(try await Self.page(transport).get() == 20)
        let sender = RetryingSender(transport: transport, policy: .none)
        let refused: Result<Int, PageFailure> = await sender.send(HTTPRequest(url: URL(string: characterPage2)!)) { _ throws(PageFailure) in
            throw PageFailure(.malformed, "not what this caller reads")
        }
        #expect((try? refused.get()) == nil && network.count == 1)
        #expect(transport.count == 0 && disk.statistics()?.entries == 0)
        #expect(try await Self.page(transport).get() == 20 && network.count == 2)
    }

    // MARK: Never borrowed

    /// A symbolic link where portal writes (the database, its WAL files, its lock, the
    /// secret) is refused with one warning: the file it points at is never touched.
    @Test(arguments: ["cache.sqlite", "cache.sqlite-wal", "cache.sqlite-shm", "cache.sqlite.lock", "secret"])
    func aSymbolicLinkInTheCacheFolderIsNeverWrittenThrough(name: String) async throws {
        let dir = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        let victim = Self.path(elsewhere, "victim")
        let original = Data("precious bytes of someone else".utf8)
        try original.write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: Self.path(dir, name), withDestinationPath: victim)
        let warnings = Warnings()
        let cache = DiskCache(directory: dir.path, warn: warnings.sink)
        let transport = DiskCachingTransport(wrapping: TestData.snapshot, cache: cache)
        _ = try await transport.fetch(characterPage2)
        #expect(!cache.isAvailable)
        #expect(warnings.all.count == 1 && warnings.all[0].contains("symbolic link"), "\(warnings.all)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == original)
    }

    /// A database that is not portal's is set aside with a warning and left as it was:
    /// never switched to WAL, never migrated.
    @Test func aDatabaseThatIsNotPortalsIsSetAsideUnchanged() async throws {
        for plant in ["CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')",
                      "PRAGMA application_id = 1234; CREATE TABLE answer (key TEXT); INSERT INTO answer VALUES ('mine')"] {
            let dir = try TemporaryDirectory()
            let path = Self.path(dir, DiskCache.fileName)
            try SQLiteFile.execute(path, plant)
            let warnings = Warnings()
            let cache = DiskCache(directory: dir.path, warn: warnings.sink)
            #expect(cache.isAvailable && cache.statistics()?.entries == 0)
            #expect(warnings.all.count == 1 && warnings.all[0].contains("not a portal cache") && warnings.all[0].contains("set aside as"),
                    "\(warnings.all)")
            let aside = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasPrefix("cache.sqlite.broken-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") })
            let kept = Self.path(dir, aside)
            let tables = try SQLiteFile.strings(kept, "SELECT name FROM sqlite_master WHERE type = 'table'")
            #expect(!tables.contains("grdb_migrations"), "migrated in place: \(tables)")
            #expect(try SQLiteFile.strings(kept, "PRAGMA journal_mode") != ["wal"])
        }
    }

    /// A cache an earlier portal made (no application id yet) is portal's: kept, marked.
    @Test func anEarlierPortalsCacheIsKeptAndMarked() async throws {
        let dir = try TemporaryDirectory()
        let first = DiskCachingTransport(wrapping: TestData.snapshot, cache: DiskCache(directory: dir.path))
        _ = try await first.fetch(characterPage2)
        let path = Self.path(dir, DiskCache.fileName)
        try SQLiteFile.execute(path, "PRAGMA application_id = 0")
        let warnings = Warnings()
        let cache = DiskCache(directory: dir.path, warn: warnings.sink)
        #expect(warnings.all.isEmpty && cache.statistics()?.entries == 1)
        let id = try SQLiteFile.value(path, "PRAGMA application_id")?.int
        #expect(id == Int(CacheDatabase.applicationID))
    }

    /// The folder is 0700 and every file in it 0600, whatever the umask; files an older
    /// portal left looser are made 0600 too.
    @Test func theFolderIsPrivateAndItsFilesTooWhateverTheUmask() async throws {
        let parent = try TemporaryDirectory()
        let dir = Self.path(parent, "portal")
        let old = umask(0)
        defer { umask(old) }
        let transport = DiskCachingTransport(wrapping: TestData.snapshot, cache: DiskCache(directory: dir))
        _ = try await transport.fetch(characterPage2)
        #expect(Self.mode(dir) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(Set(files).isSuperset(of: ["cache.sqlite", "cache.sqlite-wal", "cache.sqlite-shm", "cache.sqlite.lock", "secret"]), "\(files)")
        for file in files {
            #expect(Self.mode(URL(fileURLWithPath: dir).appendingPathComponent(file).path) == 0o600, "\(file)")
        }
        // Looser files from before are tightened on the next open.
        chmod(dir, 0o755)
        for file in files { chmod(URL(fileURLWithPath: dir).appendingPathComponent(file).path, 0o644) }
        _ = DiskCache(directory: dir)
        #expect(Self.mode(dir) == 0o700)
        for file in ["cache.sqlite", "cache.sqlite.lock", "secret"] {
            #expect(Self.mode(URL(fileURLWithPath: dir).appendingPathComponent(file).path) == 0o600, "\(file)")
        }
    }

    /// The key's digest of a secret header is an HMAC under the install's own secret:
    /// the plain SHA-256 of the header is nowhere in the file, another install keys it
    /// differently, and the same install the same way across runs.
    @Test func theDigestOfAKeyIsAnHMACUnderTheInstallsSecret() throws {
        // A value no hex digest can hold by chance (a "1234" once was, 1 run in 1,000).
        let one = try TemporaryDirectory(), two = try TemporaryDirectory()
        let request = HTTPRequest(url: URL(string: characterPage2)!, headers: ["apikey": "sk-test-portal-secret"])
        let key = DiskCache(directory: one.path).key(for: request).text
        #expect(!key.contains(SHA256.hex(Array("apikey=sk-test-portal-secret".utf8))) && !key.contains("sk-test-portal-secret"))
        #expect(key == DiskCache(directory: one.path).key(for: request).text)
        #expect(key != DiskCache(directory: two.path).key(for: request).text)
        let secret = try Data(contentsOf: URL(fileURLWithPath: Self.path(one, "secret")))
        #expect(secret.count == 32 && Self.mode(Self.path(one, "secret")) == 0o600)
        #expect(key.hasSuffix("h=" + HMACSHA256.hex(key: Array(secret), Array("apikey=sk-test-portal-secret".utf8))))
        // RFC 4231 test case 2.
        #expect(HMACSHA256.hex(key: Array("Jefe".utf8), Array("what do ya want for nothing?".utf8))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    /// Method, body and the caller's identity are part of the key; with an identity the
    /// ever-changing access token is not.
    @Test func theKeyHoldsMethodBodyAndIdentityNotTheToken() throws {
        let secret = CacheSecret.ephemeral()
        let url = URL(string: "http://127.0.0.1:54321/rest/v1/rpc/search")!
        func key(_ method: String = "GET", body: String? = nil, token: String = "t1", identity: String? = nil) -> String {
            CacheKey(HTTPRequest(method: method, url: url, headers: ["Authorization": "Bearer \(token)", "apikey": "anon"],
                                 body: body.map { Data($0.utf8) }, cacheIdentity: identity), secret: secret).text
        }
        #expect(key() != key("POST"))
        #expect(key("POST", body: "{\"q\":1}") != key("POST", body: "{\"q\":2}"))
        #expect(key(token: "t1") != key(token: "t2"))
        #expect(key(token: "t1", identity: "user-a") == key(token: "t2", identity: "user-a"))
        #expect(key(identity: "user-a") != key(identity: "user-b"))
        #expect(!key(identity: "user-a").contains("user-a") && !key("POST", body: "{\"q\":1}").contains("q"))
    }

    // MARK: Degrades, not disappears

    /// A disk that fills up turns writes off and keeps serving what is stored (today one
    /// failed write turned the whole cache off and `--offline` lost pages).
    @Test func aFullDiskTurnsWritesOffAndKeepsServing() async throws {
        let dir = try TemporaryDirectory()
        let warnings = Warnings()
        let cache = DiskCache(directory: dir.path, warn: warnings.sink)
        let network = CountingTransport(TestData.snapshot)
        let transport = DiskCachingTransport(wrapping: network, cache: cache)
        let urls = (1...3).map { TestData.base + "/character?page=\($0)" }
        for url in urls { _ = try await transport.fetch(url) }
        // The file may not grow by a page more: what a full disk looks like to SQLite.
        let limited: Void? = cache.read { database in
            try database.connection.withLock { db in
                let pages = try db.value("PRAGMA page_count")?.int ?? 0
                try db.execute("PRAGMA max_page_count = \(pages)")
            }
        }
        try #require(limited != nil)
        _ = try await transport.fetch(TestData.base + "/character?page=4")
        #expect(cache.isAvailable && !cache.isWritable)
        #expect(warnings.all.count == 1 && warnings.all[0].contains("cannot be written") && warnings.all[0].contains("serving what is stored"),
                "\(warnings.all)")
        let offline = DiskCachingTransport(wrapping: network, cache: cache, offline: true)
        for url in urls { #expect(try await offline.fetch(url).cache?.source == .hit, "\(url)") }
        #expect(network.count == 4 && warnings.all.count == 1)
    }

    /// A cache that can only be read (a read-only file system) is opened read-only, or
    /// immutable, and serves `--offline`.
    @Test(arguments: [CacheDatabase.Mode.readOnly, .immutable])
    func aReadOnlyCacheStillServesOffline(mode: CacheDatabase.Mode) async throws {
        let dir = try TemporaryDirectory()
        do {
            // The last connection closes: SQLite checkpoints the WAL into the file (what a
            // read-only copy of a cache holds; `immutable=1` never reads a WAL).
            let writer = DiskCachingTransport(wrapping: TestData.snapshot, cache: DiskCache(directory: dir.path))
            _ = try await writer.fetch(characterPage2)
        }
        let database = try CacheDatabase(path: Self.path(dir, DiskCache.fileName), mode: mode)
        #expect(!database.isWritable)
        let cache = DiskCache(directory: dir.path)
        let key = cache.key(for: HTTPRequest(url: URL(string: characterPage2)!))
        #expect(try database.answer(for: key.text)?.status == 200)
        #expect(throws: (any Error).self) { try database.touch(key.text, at: Date()) }
    }

    /// The same, through the real thing where the test can make it so: a cache file and
    /// folder the user may only read (skipped as root, who may write anyway).
    @Test(.enabled(if: getuid() != 0)) func aReadOnlyFolderStillServesOffline() async throws {
        let dir = try TemporaryDirectory()
        _ = try await DiskCachingTransport(wrapping: TestData.snapshot, cache: DiskCache(directory: dir.path)).fetch(characterPage2)
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) { chmod(Self.path(dir, file), 0o400) }
        chmod(dir.path, 0o500)
        defer { chmod(dir.path, 0o700) }
        let warnings = Warnings()
        let cache = DiskCache(directory: dir.path, warn: warnings.sink)
        let offline = DiskCachingTransport(wrapping: TestData.snapshot, cache: cache, offline: true)
        #expect(try await offline.fetch(characterPage2).cache?.source == .hit)
        #expect(warnings.all.count == 1 && warnings.all[0].contains("read-only"), "\(warnings.all)")
    }

    // MARK: Numbers read back

    /// Dates and sizes read back from a damaged file never trap: `portal cache stats`
    /// trapped on an out-of-range date.
    @Test func outOfRangeDatesAndSizesInTheFileDoNotTrap() async throws {
        let dir = try TemporaryDirectory()
        let cache = DiskCache(directory: dir.path, capacity: 1_000_000)
        let transport = DiskCachingTransport(wrapping: TestData.snapshot, cache: cache)
        for page in 1...3 { _ = try await transport.fetch(TestData.base + "/character?page=\(page)") }
        try SQLiteFile.execute(cache.path, """
            UPDATE answer SET fetchedAt = 1e300, lastUsedAt = -1e300, size = 9223372036854775807 WHERE url LIKE '%page=1';
            UPDATE answer SET fetchedAt = 'the year 40000', size = -9223372036854775808 WHERE url LIKE '%page=2'
            """)
        let stats = try #require(cache.statistics())
        #expect(stats.entries == 3 && stats.bytes == Int.max)
        #expect(CacheStatus.age(-1e300) == "just now" && CacheStatus.age(.infinity).hasSuffix("d ago") && CacheStatus.age(.nan) == "just now")
        // A page fetched "in the future" is not fresh; one whose date does not read is no answer.
        #expect(try await transport.fetch(TestData.base + "/character?page=1").cache?.source == .miss)
        #expect(try await transport.fetch(TestData.base + "/character?page=2").cache?.source == .miss)
        #expect(cache.isAvailable && cache.isWritable)
        // Eviction sums sizes without overflow.
        _ = try await transport.fetch(TestData.base + "/character?page=4")
        #expect(cache.isAvailable && cache.isWritable)
    }

    /// fuzz-cache-answer's entry point takes real rows and hostile ones; what a hostile
    /// row's numbers and headers become is what the transport serves from.
    @Test func aRowReadBackIsJudgedBeforeItIsServed() throws {
        let page = #"{"info":{"count":1,"next":null},"results":[]}"#
        for row in ["200\n1799996400\n{\"content-type\":\"application/json\"}\n\n" + page,
                    "200\n1e300\n{\"cache-control\":\"max-age=9999999999999999999\"}\n\n" + page,
                    "206\nnan\n{\"content-range\":\"0-9223372036854775807/*\"}\n\n[]", "500\n-inf\nnot json\n\n\u{1B}[2J"] {
            try CacheFuzzEntryPoint.storedAnswer(Array(row.utf8))
        }
        #expect(AnswerReadBack.headerFields(#"{"Content-Type":"text/html","x-evil":"1","ETag":"\"v\""}"#)
            == ["content-type": "text/html", "etag": "\"v\""])
        #expect(AnswerReadBack.headerFields("not json").isEmpty && AnswerReadBack.headerFields(#"{"etag":5}"#).isEmpty)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(AnswerReadBack.age(fetchedAt: Date(timeIntervalSince1970: 1e300), now: now) == nil)
        #expect(AnswerReadBack.age(fetchedAt: Date(timeIntervalSince1970: -1e300), now: now) == 1_800_000_000 + 1e300)
        #expect(AnswerReadBack.age(fetchedAt: now - 30, now: now) == 30)
        #expect(!AnswerReadBack.isServable(status: 304) && !AnswerReadBack.isServable(status: 500) && AnswerReadBack.isServable(status: 206))
        #expect(CacheNumbers.date(1e300) == nil && CacheNumbers.date(.nan) == nil && CacheNumbers.date(-1) == nil)
        #expect(CacheNumbers.int(1e300) == Int.max && CacheNumbers.int(-.infinity) == Int.min && CacheNumbers.int(.nan) == 0)
        #expect(CacheNumbers.sum([Int.max, 1, 5]) == Int.max && CacheNumbers.sum([Int.min, -1]) == Int.min)
    }
}
