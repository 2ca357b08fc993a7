import Foundation
import PortalCore
@testable import PortalCache
import PortalTestSupport
import Testing

/// The disk cache's rules, on an injected clock: what is kept, for how long, how it is
/// revalidated, and what stands in when the network fails.
@Suite("DiskCachingTransport")
struct DiskCachingTransportTests {
    @Test func anAnswerThatDecodedIsServedFromDiskWithoutARequest() async throws {
        let dir = try TemporaryDirectory()
        let clock = TestClock()
        let network = CountingTransport(TestData.snapshot)
        let first = try await DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path), now: clock.function)
            .fetch(characterPage2)
        #expect(first.cache?.source == .miss)
        clock.advance(3600)
        // A new process: a new transport on the same directory.
        let again = DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path), now: clock.function)
        let second = try await again.fetch(characterPage2)
        #expect(network.count == 1)
        #expect(second.body == first.body && second.status == 200)
        #expect(second.header("content-type")?.hasPrefix("application/json") == true)
        #expect(second.cache == CacheStatus(source: .hit, fetchedAt: clock.now - 3600))
        #expect(second.cache?.label(now: clock.now) == "cached 1 h ago")
    }

    @Test func anAnswerNobodyConfirmedIsNotKept() async throws {
        let dir = try TemporaryDirectory()
        let network = CountingTransport(FixedTransport(answers: [characterPage2: .json(200, "{\"info\":{\"count\"")]))
        let cache = DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path))
        _ = try await cache.send(HTTPRequest(url: URL(string: characterPage2)!))  // cut short: never confirmed
        _ = try await cache.send(HTTPRequest(url: URL(string: characterPage2)!))
        #expect(network.count == 2)
        #expect(cache.cache.statistics()?.entries == 0)
    }

    @Test func aListPageExpiresAfterADayAnAvatarAfterThirtyDays() async throws {
        let dir = try TemporaryDirectory()
        let clock = TestClock()
        let avatar = TestData.base + "/character/avatar/1.jpeg"
        let network = CountingTransport(FixedTransport(answers: [
            characterPage2: .json(200, "{}"),
            avatar: HTTPResponse(status: 200, headers: ["content-type": "image/jpeg"], body: Data([0xFF, 0xD8, 0xFF, 0xD9])),
        ]))
        let cache = DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path), now: clock.function)
        _ = try await cache.fetch(characterPage2)
        _ = try await cache.fetch(avatar)
        clock.advance(86_400 - 1)
        _ = try await cache.fetch(characterPage2)
        #expect(network.count == 2, "still fresh one second before a day")
        clock.advance(1)
        #expect(try await cache.fetch(characterPage2).cache?.source == .miss)
        #expect(try await cache.fetch(avatar).cache?.source == .hit)
        clock.advance(29 * 86_400)
        #expect(try await cache.fetch(avatar).cache?.source == .miss)
        #expect(network.count == 4)
    }

    @Test func theServersCacheControlDecidesWhenItSpeaks() async throws {
        let dir = try TemporaryDirectory()
        let clock = TestClock()
        let server = TaggingServer()
        let cache = DiskCachingTransport(wrapping: server, cache: DiskCache(directory: dir.path),
                                         freshness: FreshnessPolicy(maxAge: 7 * 86_400), now: clock.function)
        server.setCacheControl("public, max-age=60")
        _ = try await cache.fetch(characterPage2)
        clock.advance(59)
        #expect(try await cache.fetch(characterPage2).cache?.source == .hit)
        clock.advance(1)
        #expect(try await cache.fetch(characterPage2).cache?.source == .revalidated)
        server.setCacheControl("no-store")
        server.publish(version: 2)
        clock.advance(60)
        #expect(try await cache.fetch(characterPage2).cache?.source == .miss)
        #expect(cache.cache.statistics()?.entries == 0, "no-store is never kept, and drops what was kept")
        #expect(server.requests.count == 3)
    }

    @Test func aStaleAnswerIsRevalidatedWithItsETagAndA304ServesTheKeptBody() async throws {
        let dir = try TemporaryDirectory()
        let clock = TestClock()
        let server = TaggingServer()
        let cache = DiskCachingTransport(wrapping: server, cache: DiskCache(directory: dir.path), now: clock.function)
        let first = try await cache.fetch(characterPage2)
        clock.advance(2 * 86_400)
        let second = try await cache.fetch(characterPage2)
        #expect(server.requests.last?["If-None-Match"] == "\"v1\"")
        #expect(second.status == 200 && second.body == first.body)
        #expect(second.cache == CacheStatus(source: .revalidated, fetchedAt: clock.now))
        clock.advance(3600)
        #expect(try await cache.fetch(characterPage2).cache?.source == .hit, "a 304 makes the answer fresh again")
        clock.advance(2 * 86_400)
        server.publish(version: 2)
        let changed = try await cache.fetch(characterPage2)
        #expect(changed.cache?.source == .miss && changed.text == "{\"version\":2}")
        #expect(try await cache.fetch(characterPage2).text == "{\"version\":2}")
        #expect(server.requests.count == 3)
    }

    @Test func whenTheNetworkFailsAKeptAnswerOfAnyAgeStandsIn() async throws {
        let dir = try TemporaryDirectory()
        let clock = TestClock()
        let faulty = FaultyTransport(TestData.snapshot)
        let cache = DiskCachingTransport(wrapping: faulty, cache: DiskCache(directory: dir.path), now: clock.function)
        let kept = try await cache.fetch(characterPage2)
        clock.advance(3 * 3600 + 86_400)
        faulty.fail("page=2", with: .failure(.connectionFailed("refused")))
        let stale = try await cache.fetch(characterPage2)
        #expect(stale.body == kept.body)
        #expect(stale.cache?.source == .stale && stale.cache?.isOffline == true)
        #expect(stale.cache?.label(now: clock.now) == "cached 1 d ago · offline")
        faulty.fail("page=2", with: .success(.json(503, "{}")))
        #expect(try await cache.fetch(characterPage2).cache?.networkUnavailable == "HTTP 503 Service Unavailable")
        faulty.fail("page=3", with: .failure(.timedOut(.idle(seconds: 10))))
        await #expect(throws: TransportError.timedOut(.idle(seconds: 10))) {
            try await cache.fetch(TestData.base + "/character?page=3")
        }
        faulty.fail("page=2", with: .success(.json(404, "{}")))
        #expect(try await cache.fetch(characterPage2).status == 404, "only no answer or a 5xx falls back")
    }

    @Test func offlineNeverTouchesTheNetwork() async throws {
        let dir = try TemporaryDirectory()
        let clock = TestClock()
        let network = CountingTransport(TestData.snapshot)
        _ = try await DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path), now: clock.function).fetch(characterPage2)
        clock.advance(90 * 86_400)
        let offline = DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path), offline: true, now: clock.function)
        let answer = try await offline.fetch(characterPage2)
        #expect(answer.cache?.source == .hit && answer.cache?.label(now: clock.now) == "cached 90 d ago · offline")
        await #expect(throws: TransportError.notInCache) {
            try await offline.fetch(TestData.base + "/character?page=3")
        }
        #expect(network.count == 1)
    }

    @Test func theLeastRecentlyUsedAnswersAreEvictedPastTheCap() async throws {
        struct KiloTransport: Transport {
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                HTTPResponse(status: 200, body: Data(repeating: 32, count: 1000))
            }
        }
        let dir = try TemporaryDirectory()
        let clock = TestClock()
        let network = CountingTransport(KiloTransport())
        let cache = DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path, capacity: 4500), now: clock.function)
        func get(_ page: Int) async throws { clock.advance(1); _ = try await cache.fetch(TestData.base + "/x?page=\(page)") }
        for page in 1...4 { try await get(page) }
        try await get(1)  // 1 is now newer than 2
        try await get(5)  // 5000 bytes > 4500: 2 goes
        #expect(network.count == 5)
        #expect(cache.cache.statistics()?.bytes == 4000)
        try await get(1)
        #expect(network.count == 5, "page 1 stayed")
        try await get(2)
        #expect(network.count == 6, "page 2 was evicted")
    }

    @Test func requestHeadersThatVaryTheAnswerArePartOfTheKey() async throws {
        let dir = try TemporaryDirectory()
        let network = CountingTransport(TaggingServer())
        let cache = DiskCachingTransport(wrapping: network, cache: DiskCache(directory: dir.path))
        _ = try await cache.fetch(characterPage2, headers: ["Range": "0-19"])
        _ = try await cache.fetch(characterPage2, headers: ["range": "0-19"])
        _ = try await cache.fetch(characterPage2, headers: ["Range": "20-39"])
        _ = try await cache.fetch(characterPage2, headers: ["Range": "0-19", "apikey": "one"])
        _ = try await cache.fetch(characterPage2, headers: ["Range": "0-19", "apikey": "two"])
        _ = try await cache.fetch(characterPage2, headers: ["Range": "0-19", "apikey": "two"])
        #expect(network.count == 4)
    }

    @Test func anAPIKeyNeverReachesTheDatabaseFile() async throws {
        let dir = try TemporaryDirectory()
        let secret = "sk-portal-SECRET-7f3a9c"
        let cache = DiskCachingTransport(wrapping: TaggingServer(), cache: DiskCache(directory: dir.path))
        _ = try await cache.fetch(characterPage2, headers: ["Authorization": "Bearer \(secret)", "apikey": secret, "Accept": "application/json"])
        #expect(try await cache.fetch(characterPage2, headers: ["Authorization": "Bearer \(secret)", "apikey": secret, "Accept": "application/json"])
            .cache?.source == .hit)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(files.contains("cache.sqlite"))
        var all = Data()
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: dir.path).appendingPathComponent(file))
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "the key is in \(file)")
            all += bytes
        }
        // The search looked where the answer is: its URL and body are there in clear.
        #expect(all.range(of: Data("character?page=2".utf8)) != nil && all.range(of: Data("{\"version\":1}".utf8)) != nil)
    }

    @Test func sha256MatchesTheStandardsVectors() {
        #expect(SHA256.hex(Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func cacheArgumentsParse() {
        #expect(CacheArgument.seconds("90") == 90 && CacheArgument.seconds("30m") == 1800 && CacheArgument.seconds("7d") == 604_800)
        #expect(CacheArgument.bytes("256M") == 268_435_456 && CacheArgument.bytes("1GiB") == 1 << 30 && CacheArgument.bytes("500") == 500)
        #expect(CacheArgument.seconds("soon") == nil && CacheArgument.bytes("-1") == nil && CacheArgument.bytes("3X") == nil)
    }
}
