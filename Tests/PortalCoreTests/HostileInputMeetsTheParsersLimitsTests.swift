import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels
@testable import PortalPaging
import PortalPresets
import PortalTestSupport
import PortalJSON

/// Parsers fed what an attacker would send: every one ends in a clean error or a clamped
/// value, never a trap or a stack overflow.
@Suite("Hostile input: parsers have limits")
struct HostileInputMeetsTheParsersLimitsTests {
    static func deep(_ depth: Int) -> Data {
        Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    }

    /// 20,000 levels overflowed the recursive reader's stack (SIGSEGV); now it is a decode
    /// error, from a page, from an episodes answer and from a snapshot file alike.
    @Test func deepNestingIsAnErrorNotAStackOverflow() async throws {
        var reader = JSONReader(Self.deep(20_000))
        #expect(throws: JSONReader.Failure.self) { try reader.skipValue() }
        var ok = JSONReader(Self.deep(512))
        try ok.skipValue()
        let page = Data(#"{"info":{"count":1,"next":null},"results":[],"junk":"#.utf8) + Self.deep(20_000) + Data("}".utf8)
        let strategy = PresetPages<Character>.rickAndMorty(baseURL: TestData.base, request: .list(.character))
        #expect(throws: PageFailure.self) { _ = try strategy.decode(.init(status: 200, body: page), for: strategy.firstPage) }
        #expect(throws: (any Error).self) { _ = try Episode.readArray(Self.deep(20_000)) }
    }

    @Test func numbersAndStringsHaveLimits() throws {
        var long = JSONReader(Data(("[" + String(repeating: "1", count: 100) + ".5]").utf8))
        #expect(throws: JSONReader.Failure.self) { try long.skipValue() }
        var garbage = JSONReader(Data("[--1e+]".utf8))
        #expect(throws: JSONReader.Failure.self) { try garbage.skipValue() }
        var huge = JSONReader(Data(("\"" + String(repeating: "a", count: 70_000) + "\"").utf8))
        #expect(throws: JSONReader.Failure.self) { _ = try huge.readString() }
        var escaped = JSONReader(Data(("\"\\n" + String(repeating: "a", count: 70_000) + "\"").utf8))
        #expect(throws: JSONReader.Failure.self) { _ = try escaped.readString() }
        var minimum = JSONReader(Data("-9223372036854775808".utf8))
        #expect(try minimum.readInt() == Int.min)
    }

    /// `episode/4294967297` was read as episode 1 (truncated to 32 bits).
    @Test func idsBeyond32BitsAreRefusedNotTruncated() async throws {
        let character = String(decoding: try await get("/character/1").body, as: UTF8.self)
        let hostile = character.replacingOccurrences(of: "/episode/1\"", with: "/episode/4294967297\"")
        #expect(hostile != character)
        #expect(throws: (any Error).self) { _ = try Character.readOne(Data(hostile.utf8)) }
        let bigID = character.replacingOccurrences(of: "{\"id\":1,", with: "{\"id\":4294967297,")
        #expect(throws: (any Error).self) { _ = try Character.readOne(Data(bigID.utf8)) }
        #expect(throws: IDOutOfRange.self) { _ = try ResourceURL.linkID("https://x/api/episode/99999999999999999999") }
        #expect(try ResourceURL.linkID("https://x/api/episode/2147483647") == Int32.max)
        #expect(APIRequest.parse("https://x/api/episode/4294967297") == nil)
        #expect(APIRequest.parse("https://x/api/episode/1,4294967297") == nil)
        #expect(APIRequest.parse("https://x/api/episode/-5") == nil)
        #expect(APIRequest.parse("https://x/api/episode/[1,2]")?.request.selection == .many([1, 2]))
    }

    @Test(arguments: [
        ("1e300", RetryAfter.ceiling), ("inf", nil), ("nan", nil), ("99999999999999999", RetryAfter.ceiling),
        ("999999999999999999999999999999", RetryAfter.ceiling), ("-5", nil), ("soon", nil), ("", nil), (" 7 ", 7.0), ("1.5", 1.5),
    ] as [(String, Double?)])
    func retryAfterIsClampedOrIgnored(header: String, seconds: Double?) {
        #expect(RetryAfter.seconds(header) == seconds)
        #expect(HTTPResponse(status: 429, headers: ["Retry-After": header], body: Data()).retryAfterSeconds == seconds)
    }

    @Test func retryAfterAsAnHTTPDate() throws {
        let now = try #require(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"))
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:50:37 GMT", now: now) == 60)
        #expect(RetryAfter.seconds("Sunday, 06-Nov-94 08:49:47 GMT", now: now) == 10)
        #expect(RetryAfter.seconds("Sun Nov  6 08:49:38 1994", now: now) == 1)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:00:00 GMT", now: now) == 0, "a date in the past means now")
        #expect(RetryAfter.seconds("Fri, 31 Dec 9999 23:59:59 GMT", now: now) == RetryAfter.ceiling)
    }

    /// Whatever the Double, the wait is a finite duration within the cap — no trap in the
    /// policy or in the loader.
    @Test func hugeRetryAfterNeverTraps() throws {
        let policy = RetryPolicy()
        for seconds in [1e300, .infinity, .nan, -1, 9e18] {
            let failure = PageFailure(.http(status: 429), "slow", retryAfter: seconds)
            let wait = try #require(policy.delay(after: failure, attempt: 1, random: 0))
            #expect(wait <= policy.maxRetryAfter)
            let loader = ListLoader<Character>(firstPage: PageRequest(url: URL.unservable, index: 0))
            let ticket = try #require(loader.loadMore())
            guard case .failed = loader.apply(.failure(failure), for: ticket) else { Issue.record("not failed"); continue }
            #expect(try #require(loader.retryNotBefore) <= .now + policy.maxRetryAfter * 2)
        }
    }

    @Test(arguments: [
        "http://a b/api", "http://[::1:1/api", "http://127.0.0.1:-1/api", "http://h:65536/api", "http://h:0/api",
        "http://h:+80/api", "http://h:/api", "http://h:8080x/api", "http://[zz::1]/api", "http:///api", "ftp://h/api",
        "http://h\u{1B}[31m/api",
    ])
    func badBaseURLsAreRefusedWithAReason(text: String) {
        #expect(throws: InvalidAPIRoot.self) { _ = try APIRoot(text) }
    }

    @Test func goodBaseURLsPass() throws {
        for text in ["http://127.0.0.1:8080/api", "https://rickandmortyapi.com/api/", "http://[::1]:8080/api", "http://localhost/api"] {
            #expect(throws: Never.self) { _ = try APIRoot(text) }
        }
        #expect(try APIRoot("http://[::1]:8080/api").origin == Origin(scheme: "http", host: "[::1]", port: 8080))
    }

    /// A base URL that never passed validation gives a request no transport serves, not a trap.
    @Test func anUnbuildableURLIsNotServed() async throws {
        let request = APIRequest.list(.character)
        #expect(request.url(under: "http://a b/api") == nil)
        #expect(request.url(base: "http://a b/api") == URL.unservable)
        await #expect(throws: TransportError.self) { _ = try await TestData.snapshot.send(HTTPRequest(url: .unservable)) }
    }

    @Test func jsonOutputEscapesC1AndDEL() {
        var w = JSONWriter()
        w.string("a\u{85}b\u{9B}31m\u{7F}c\u{A0}é")
        #expect(w.string == #""a\u0085b\u009b31m\u007fc\#u{A0}é""#)
        let character = Character(id: 1, name: "\u{9B}2J evil", status: .alive, species: "x", type: "", gender: CharacterGender(rawValue: "Male"),
                                  origin: PlaceLink(name: "a", locationID: nil), location: PlaceLink(name: "b", locationID: nil),
                                  episodeIDs: [], created: Date(timeIntervalSince1970: 0))
        let line = APIJSONEncoding(baseURL: "http://x/api").line(character)
        #expect(!line.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        #expect(line.contains(#"\u009b2J evil"#))
    }
}
