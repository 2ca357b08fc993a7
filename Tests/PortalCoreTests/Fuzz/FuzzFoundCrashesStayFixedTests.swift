import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalServers
import PortalTestSupport
import Testing

/// Replays what the fuzzers found (docs/fuzzing.md) through the fuzzers' own entry points,
/// so `make test` catches a return without building the fuzzers. `FuzzEntryPoint` is
/// compiled into this target from Fuzz/ (FuzzEntryPoints.swift here is a symlink).
///
/// Found inputs are kept as libFuzzer saved them, in `Fuzz/Regressions/<target>/`, read in
/// place; inputs that are a pattern (20,000 `[`) are made here. Every finding so far is
/// fixed, and each test here failed (or crashed the process) before its fix.
@Suite struct FuzzFoundCrashesStayFixedTests {
    /// A crash input saved by a fuzzer.
    static func found(_ target: String, _ name: String) throws -> [UInt8] {
        let url = TestData.packageRoot.appendingPathComponent("Fuzz/Regressions/\(target)/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    static func text(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: - The entry points accept real answers (or the fuzzers would start from failures)

    @Test func realAnswersOfEveryDialectPassTheirEntryPoints() async throws {
        for path in ["/character", "/character?page=42", "/episode?page=3", "/location?page=7", "/character?name=zzzz"] {
            try FuzzEntryPoint.rickAndMortyPage(FuzzedResponse.format(try await get(path)))
        }
        let pokemon = try PokemonRecord.load(dataFolder: TestData.folder)
        let pokeAPI = PokeAPIRules(baseURL: BaseURL(FuzzEntryPoint.pokeAPIBaseURL), pokemon: pokemon)
        try FuzzEntryPoint.pokeAPIPage(FuzzedResponse.format(pokeAPI.respond(path: "/pokemon", query: [("offset", "20")])))
        let postgREST = PostgRESTRules(tables: ["pokemon": PokemonRows(pokemon)])
        let window = postgREST.respond(table: "pokemon", query: [("order", "id")], headers: ["Range": "20-39", "Prefer": "count=exact"])
        #expect(window.header("content-range") == "20-39/\(pokemon.count)")
        try FuzzEntryPoint.postgRESTPage(FuzzedResponse.format(window))
        try FuzzEntryPoint.headers(FuzzedResponse.format(window))
        try FuzzEntryPoint.jsonModels([UInt8](try await get("/episode/1,2,28").body))
        try FuzzEntryPoint.apiURL(Self.text(TestData.base + "/character/?page=2&name=rick sanchez"))
        try FuzzEntryPoint.baseURLOption(Self.text(TestData.base.text))
        let styles = try DialectTransport()
        for style in PagingStyle.allCases {
            try FuzzEntryPoint.anyAPIPage(FuzzedResponse.format(try await styles.send(HTTPRequest(url: DialectTransport.url(style)))))
        }
        try FuzzEntryPoint.anyAPIPage(Array(#"{"status":"not a list"}"#.utf8))
    }

    @Test func fuzzedResponseReadsBackTheAnswerItWrote() throws {
        let answer = HTTPResponse(status: 429, headers: ["Retry-After": "2", "Content-Range": "*/5"], body: Data("{\"error\":\"x\"}\n\nmore".utf8))
        let read = FuzzedResponse.parse(FuzzedResponse.format(answer))
        #expect(read.status == 429)
        #expect(read.headers == ["retry-after": "2", "content-range": "*/5"])
        #expect(read.body == answer.body)
        // Bytes without a blank line are all body, answered with 200.
        #expect(FuzzedResponse.parse(Self.text("[1]")).status == 200)
        #expect(FuzzedResponse.parse(Self.text("[1]")).body == Data("[1]".utf8))
    }

    /// The entry points report what breaks an invariant instead of passing it by.
    @Test func aControlCharacterInAFailureMessageIsAFinding() throws {
        #expect(throws: FuzzInvariantBroken.self) { try FuzzEntryPoint.expectDrawable("bad \u{1B}[2J", "message") }
        try FuzzEntryPoint.expectDrawable("HTTP 404 Not Found: Character not found", "message")
    }

    // MARK: - Findings
    //
    // Each replays its input through the target's entry point (no trap, no broken
    // invariant) and then says what the input must produce: a test that only asks for "no
    // crash" would pass for code that quietly did the wrong thing.

    /// What `strategy` makes of `response` as its first page: the page, or the failure.
    static func decode<Strategy: PageStrategy>(_ strategy: Strategy, _ response: HTTPResponse) -> Result<PageContent<Strategy.Item>, PageFailure> {
        Result { () throws(PageFailure) in try strategy.decode(response, for: strategy.firstPage) }
    }

    /// The failure `result` must be, or a recorded issue.
    static func failure<Item>(_ result: Result<PageContent<Item>, PageFailure>, sourceLocation: SourceLocation = #_sourceLocation) -> PageFailure? {
        guard case .failure(let failure) = result else {
            Issue.record("decoded, where it must fail", sourceLocation: sourceLocation)
            return nil
        }
        #expect(failure.message.unicodeScalars.allSatisfy { !Sanitize.isControl($0) }, "\(failure.message.debugDescription)", sourceLocation: sourceLocation)
        return failure
    }

    /// fuzz-headers: `Retry-After: 91e300` (and any number of seconds beyond Int.max / 1000)
    /// trapped converting to Int in `RetryPolicy.delay` (RetryPolicy.swift:36); `ListLoader.apply`
    /// converts the same way. Such a number is read as the ceiling and waited as the cap
    /// (30 s); `inf` is no number of seconds at all (RFC 9110 has none), so the backoff alone.
    @Test func retryAfterBeyondIntIsCappedNotATrap() throws {
        let found = try Self.found("fuzz-headers", "retry-after-91e300")
        try FuzzEntryPoint.headers(found)
        let policy = RetryPolicy()
        for bytes in [found] + ["1e300", "99999999999999999", "9223372036854775807"].map({ Self.text("429\nRetry-After: \($0)\n\n") }) {
            try FuzzEntryPoint.headers(bytes)
            var response = FuzzedResponse.parse(bytes)
            response.status = 429
            #expect(response.retryAfterSeconds == RetryAfter.ceiling)
            let failure = PageFailure(statusOf: response)
            #expect(failure.retryWait(cap: policy.maxRetryAfter) == policy.maxRetryAfter)
            #expect(policy.delay(after: failure, attempt: 1, random: 0) == policy.maxRetryAfter)
        }
        try FuzzEntryPoint.headers(Self.text("429\nRetry-After: inf\n\n"))
        let infinite = PageFailure(statusOf: FuzzedResponse.parse(Self.text("429\nRetry-After: inf\n\n")))
        #expect(infinite.retryAfter == nil)
        #expect(policy.delay(after: infinite, attempt: 1, random: 1) == policy.baseDelay)
    }

    /// fuzz-headers, ~127,000 runs (2026-11-23): `Retry-After: Wed, 21 Oct 2026 07:28:00`
    /// followed by U+0738 and two bytes that are no UTF-8 trapped inside Foundation's
    /// `DateFormatter` ("Incorrect range CFRange(location: 0, length: 25)",
    /// DateFormatter.swift:563), from `HTTPDate.parse` in `RetryAfter.seconds`. A date with
    /// anything but printable ASCII is no date: no `Retry-After`, the backoff alone; the
    /// same date without the tail still reads.
    @Test func aRetryAfterDateFollowedByNonASCIIIsNoDate() throws {
        let found = try Self.found("fuzz-headers", "retry-after-date-then-non-ascii")
        try FuzzEntryPoint.headers(found)
        let response = FuzzedResponse.parse(found)
        #expect(response.status == 503 && response.retryAfterSeconds == nil)
        #expect(PageFailure(statusOf: response).retryAfter == nil)
        for tail in ["\u{0738}", "é", "\u{1B}", "\u{7F}", "\u{FFFD}\u{FFFD}"] {
            #expect(RetryAfter.seconds("Wed, 21 Oct 2026 07:28:00 GMT" + tail) == nil, "\(tail.debugDescription)")
        }
        let now = Date(timeIntervalSince1970: 1_792_567_650)  // 30 s before that date
        #expect(RetryAfter.seconds("Wed, 21 Oct 2026 07:28:00 GMT", now: now) == 30)
    }

    /// fuzz-base-url: a base URL that `--base-url` validation (SplitURL) accepted but
    /// `URL(string:)` does not trapped on the force unwrap in `APIRequest.url(base:)`
    /// (APIRequest.swift:92) from `RickAndMortyPages.init` (now `PresetPages.rickAndMorty`); the found input has a byte
    /// 0xAE in the host. With it, the three the issue lists. Validation refuses them all
    /// now, and a first page built from such a base anyway is never sent anywhere.
    @Test func aBaseURLThatPassedValidationBuildsItsFirstPage() throws {
        let found = String(decoding: try Self.found("fuzz-base-url", "base-url-host-invalid-utf8"), as: UTF8.self)
        for base in [found, "http://a b/api", "http://[::1:1/api", "http://127.0.0.1:-1/api"] {
            try FuzzEntryPoint.baseURLOption(Self.text(base))
            #expect(SplitURL(base) == nil, "\(base.debugDescription)")
            #expect(throws: (any Error).self, "\(base.debugDescription)") { try APIRoot(base) }
            let first = PresetPages<Character>.rickAndMorty(baseURL: BaseURL(base), request: .list(.character)).firstPage.http.url
            #expect(first == .unservable || SplitURL(first.absoluteString) == nil, "\(first)")
        }
    }

    /// Nesting 20,000 deep overflowed the stack in `JSONReader.skipValue` (a SIGSEGV that no
    /// test can survive), for a page, an episodes answer and the snapshot's files alike.
    /// It is refused as malformed, and the page that holds it fails as malformed.
    @Test func deepNestingIsRefusedNotAStackOverflow() throws {
        let deep = String(repeating: "[", count: 20_000)
        try FuzzEntryPoint.jsonModels(Self.text(deep))
        #expect(throws: (any Error).self) { try Character.readArray(Data(deep.utf8)) }
        let pages = PresetPages<Character>.rickAndMorty(baseURL: BaseURL(FuzzEntryPoint.baseURL), request: .list(.character))
        for page in ["{\"info\":{\"count\":1,\"next\":null,\"x\":\(deep)", "{\"info\":{\"count\":1,\"next\":null},\"results\":[{\"id\":1,\"origin\":\(deep)"] {
            try FuzzEntryPoint.rickAndMortyPage(Self.text(page))
            #expect(Self.failure(Self.decode(pages, .json(200, page)))?.kind == .malformed)
        }
    }

    /// fuzz-postgrest-page: `Content-Range: 0-9223372036854775807/*` overflowed computing
    /// `last - first + 1` in `ContentRangePages.decode` (ContentRangePages.swift:73, now `ContentRangePaging.next`), and a
    /// full window of 20 rows ending at Int.max overflows `last + 1` for the next window
    /// (line 77). Inputs written by hand from the class while checking what the target
    /// reached. The empty one cannot be: the page is malformed; the full one is the last.
    @Test
    func contentRangeAtIntMaxIsMalformedNotATrap() throws {
        let found = try Self.found("fuzz-postgrest-page", "content-range-last-int-max")
        try FuzzEntryPoint.postgRESTPage(found)
        let rows = (1...20).map { "{\"id\":\($0),\"name\":\"p\($0)\",\"height\":1,\"weight\":1,\"types\":[]}" }
        let fullWindowAtTheEnd = "206\nContent-Range: 9223372036854775788-9223372036854775807/*\n\n[" + rows.joined(separator: ",") + "]"
        try FuzzEntryPoint.postgRESTPage(Self.text(fullWindowAtTheEnd))
        let strategy = PresetPages<PokemonRecord>.postgREST(baseURL: BaseURL(FuzzEntryPoint.postgRESTBaseURL), table: "pokemon")
        let empty = Self.failure(Self.decode(strategy, FuzzedResponse.parse(found)))
        #expect(empty?.kind == .malformed && empty?.message == "Content-Range 0-9223372036854775807 does not match 0 rows")
        // The full window ending at Int.max is read as any API's is (one dialect,
        // `ContentRangePaging`): the last window, asking for no next (whose start would
        // overflow), no trap.
        let atTheEnd = try Self.decode(strategy, FuzzedResponse.parse(Self.text(fullWindowAtTheEnd))).get()
        #expect(atTheEnd.items.count == 20 && atTheEnd.next == nil)
    }

    /// fuzz-rickandmorty-page invariant: a `next` link that does not parse went into the
    /// failure message unsanitised ("unreadable next link: ESC]0;owned BEL"), which
    /// `portal list` prints to stderr as it is. Input written by hand to the invariant.
    /// The page fails as malformed, quoting the link with its controls replaced.
    @Test
    func anUnreadableNextLinkIsQuotedWithoutEscapes() throws {
        let found = try Self.found("fuzz-rickandmorty-page", "next-link-escape-in-message")
        try FuzzEntryPoint.rickAndMortyPage(found)
        let pages = PresetPages<Character>.rickAndMorty(baseURL: BaseURL(FuzzEntryPoint.baseURL), request: .list(.character))
        let failure = Self.failure(Self.decode(pages, FuzzedResponse.parse(found)))
        #expect(failure?.kind == .malformed)
        #expect(failure?.message == "unreadable next link: \u{FFFD}]0;owned\u{FFFD}", "\(String(describing: failure?.message.debugDescription))")
    }

    /// fuzz-pokeapi-page invariant, after ~84,000 runs (2026-11-22): a list entry whose `url`
    /// carries no id failed with `malformed page: no id in url …` quoting the URL raw, DEL
    /// (U+007F) and all (found with 56 of them; minimised to `{"results":[{"url":"\u{7F}"}]}`).
    /// Every decoding error that quotes the body did the same, in every dialect. Fixed in
    /// `PageFailure` itself: its message is sanitised whenever it is set.
    @Test
    func aPokemonURLWithoutAnIDIsQuotedWithoutControls() throws {
        let found = try Self.found("fuzz-pokeapi-page", "summary-url-del-in-message")
        try FuzzEntryPoint.pokeAPIPage(found)
        let pages = PresetPages<PokemonSummary>.pokeAPI(baseURL: BaseURL(FuzzEntryPoint.pokeAPIBaseURL), path: "pokemon")
        let failure = Self.failure(Self.decode(pages, FuzzedResponse.parse(found)))
        #expect(failure?.kind == .malformed)
        #expect(failure?.message.hasPrefix("malformed page: ") == true && failure?.message.contains("no id in url") == true,
                "\(String(describing: failure?.message))")
        var message = PageFailure(.malformed, "no id in url x\u{7F}\u{1B}[2J\u{9B}")
        #expect(message.message == "no id in url x\u{FFFD}\u{FFFD}[2J\u{FFFD}")
        message.message += " (\u{07}after 3 tries)"
        #expect(message.message == "no id in url x\u{FFFD}\u{FFFD}[2J\u{FFFD} (\u{FFFD}after 3 tries)")
    }

    /// fuzz-api-url invariant: `…/character/[5\u{0C}]` parsed as `.many([])` (the id that is
    /// not a number dropped), whose URL is `…/character/`, which parses back as the list:
    /// `next` would quietly turn into another request. Both links are refused now: an
    /// unreadable id makes the whole link unreadable, and an empty id list is no request.
    @Test
    func anIDListRebuildsAsTheSameRequest() throws {
        let found = try Self.found("fuzz-api-url", "ids-that-do-not-parse-rebuild-as-list")
        try FuzzEntryPoint.apiURL(found)
        try FuzzEntryPoint.apiURL(Self.text(TestData.base + "/character/[]"))
        #expect(APIRequest.parse(String(decoding: found, as: UTF8.self)) == nil)
        #expect(APIRequest.parse(TestData.base + "/character/[5\u{0C}]") == nil)
        #expect(APIRequest.parse(TestData.base + "/character/[]") == nil)
        #expect(APIRequest.parse(TestData.base + "/character/[5,6]")?.request == .items(.character, ids: [5, 6]))
    }
}
