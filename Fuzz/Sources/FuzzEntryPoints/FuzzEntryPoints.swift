import Foundation
import PortalCore
import PortalDemoModels
import PortalPaging
import PortalPresets
import PortalJSON

// This file is compiled twice: into the libFuzzer targets under Fuzz/ and, through a
// symlink, into PortalCoreTests, whose FuzzFoundCrashesStayFixedTests replay every crash the fuzzers
// found through these same functions. Keep it to PortalCore and Foundation.

/// A fuzz input read as an HTTP answer, so one mutation can change the status, a header
/// and the body alike.
///
/// The text form is what a server sends, minus the protocol line: the status, then one
/// `Name: value` header per line, a blank line, and the body —
/// `"206\nContent-Range: 0-19/826\n\n[{…}]"`. Input without a blank line is a body
/// answered with 200.
public enum FuzzedResponse {
    public static func parse(_ bytes: [UInt8]) -> HTTPResponse {
        let newline = UInt8(ascii: "\n")
        guard let split = (0..<max(0, bytes.count - 1)).first(where: { bytes[$0] == newline && bytes[$0 + 1] == newline }) else {
            return HTTPResponse(status: 200, body: Data(bytes))
        }
        let lines = bytes[..<split].split(separator: newline, omittingEmptySubsequences: false)
        let status = lines.first.flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 200
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            headers[name] = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        return HTTPResponse(status: status, headers: headers, body: Data(bytes[(split + 2)...]))
    }

    /// The text form of an answer (the seed generator writes real answers this way).
    public static func format(_ response: HTTPResponse) -> [UInt8] {
        var head = "\(response.status)\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\n" }
        return Array((head + "\n").utf8) + [UInt8](response.body)
    }
}

/// A property every answer must keep, broken by a fuzz input (besides crashing, which
/// needs no check). The fuzzers turn it into a crash; the regression tests into a failure.
public struct FuzzInvariantBroken: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// One function per libFuzzer target: what the target does with one input. Each returns
/// normally for any input the code under test handles; a trap is a finding, and so is a
/// thrown `FuzzInvariantBroken`.
public enum FuzzEntryPoint {
    /// The API root every dialect's list starts from in these targets.
    public static let baseURL = "https://rickandmortyapi.com/api"
    public static let pokeAPIBaseURL = "https://pokeapi.co/api/v2"
    public static let postgRESTBaseURL = "https://project.supabase.co/rest/v1"

    /// How many `next` links one input may follow (each decode of the same answer for the
    /// next request reaches the code paths that depend on the page index or offset).
    static let pagesFollowed = 4

    /// A Rick and Morty page (`{"info": {…}, "results": […]}`) decoded by `PresetPages.rickAndMorty`.
    public static func rickAndMortyPage(_ bytes: [UInt8]) throws {
        let response = FuzzedResponse.parse(bytes)
        for resource in [Resource.character, .episode, .location] {
            let request = APIRequest.list(resource)
            switch resource {
            case .character: try follow(FuzzPresets.rickAndMorty(BaseURL(baseURL), request) as PresetPages<Character>, response)
            case .episode: try follow(FuzzPresets.rickAndMorty(BaseURL(baseURL), request) as PresetPages<Episode>, response)
            case .location: try follow(FuzzPresets.rickAndMorty(BaseURL(baseURL), request) as PresetPages<Location>, response)
            }
        }
    }

    /// A PokeAPI page (`{count, next, previous, results}`) decoded by `PresetPages.pokeAPI`.
    public static func pokeAPIPage(_ bytes: [UInt8]) throws {
        try follow(FuzzPresets.pokeAPI(BaseURL(pokeAPIBaseURL)) as PresetPages<PokemonSummary>, FuzzedResponse.parse(bytes))
    }

    /// A PostgREST answer (a JSON array of rows plus `Content-Range`) decoded by
    /// `PresetPages.postgREST`, for both ways of asking a window.
    public static func postgRESTPage(_ bytes: [UInt8]) throws {
        let response = FuzzedResponse.parse(bytes)
        for byHeader in [true, false] {
            try follow(PresetPages<Character>.postgREST(baseURL: BaseURL(postgRESTBaseURL), table: "characters", window: byHeader ? .rangeHeader : .limitOffset, paging: FuzzPresets.postgRESTPaging), response)
            try follow(PresetPages<PokemonRecord>.postgREST(baseURL: BaseURL(postgRESTBaseURL), table: "pokemon", window: byHeader ? .rangeHeader : .limitOffset, paging: FuzzPresets.postgRESTPaging), response)
        }
    }

    /// Any API's answer (`portal --url`): the dialect read from it, then the answer read
    /// in that dialect as the first page and each `next` it yields, and pages addressed
    /// far away. Whatever the bytes: no trap, a failure's message safe to draw, a next
    /// page and an addressed page never off the list's origin.
    public static func anyAPIPage(_ bytes: [UInt8]) throws {
        let response = FuzzedResponse.parse(bytes)
        let url = URL(string: "https://api.fuzz.test/v1/items?page=1&per_page=20")!
        let reading: ListReading
        do {
            reading = try DialectDetector.detect(response, for: url)
        } catch {
            try expectDrawable(error.message, "detection failure")
            return
        }
        for line in reading.explanation { try expectDrawable(Sanitize.line(line), "explanation") }
        let pages = AnyAPIPages(url: url, reading: reading)
        try follow(pages, response)
        for index in [1, 2, 1_000, Int.max / 2, Int.max] {
            guard let request = pages.request(forPage: index) else { continue }
            guard SplitURL(request.http.url.absoluteString)?.origin == SplitURL(url.absoluteString)?.origin else {
                throw FuzzInvariantBroken("page \(index) at \(request.http.url) left the list's origin")
            }
        }
    }

    /// Decodes `response` as the answer to the first page and to each `next` it yields.
    /// Whatever happens, a failure's message is safe to draw, and a `next` never leaves
    /// the list's origin.
    static func follow<Strategy: PageStrategy>(_ strategy: Strategy, _ response: HTTPResponse) throws {
        let origin = SplitURL(strategy.firstPage.http.url.absoluteString)?.origin
        var request = strategy.firstPage
        for _ in 0..<pagesFollowed {
            let content: PageContent<Strategy.Item>
            do {
                content = try strategy.decode(response, for: request)
            } catch {
                try expectDrawable(error.message, "failure message")
                return
            }
            guard let next = content.next else { return }
            guard SplitURL(next.http.url.absoluteString)?.origin == origin else {
                throw FuzzInvariantBroken("next page \(next.http.url) left \(String(describing: origin))")
            }
            request = next
        }
    }

    /// A `--base-url`: one that passes the command line's validation (`SplitURL` accepts
    /// it) must build every dialect's first page.
    public static func baseURLOption(_ bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        guard SplitURL(text) != nil else { return }
        _ = (FuzzPresets.rickAndMorty(BaseURL(text), .list(.character)) as PresetPages<Character>).firstPage
        _ = (FuzzPresets.pokeAPI(BaseURL(text)) as PresetPages<PokemonSummary>).firstPage
        _ = PresetPages<Character>.postgREST(baseURL: BaseURL(text), table: "characters", paging: FuzzPresets.postgRESTPaging).firstPage
    }

    /// A `next` link or any API URL: `SplitURL`, `APIRequest.parse`, and the URL rebuilt
    /// from what was parsed, which must parse back to the same request.
    public static func apiURL(_ bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = SplitURL(text) else { return }
        guard let parsed = APIRequest.parse(text) else { return }
        guard parsed.origin == split.origin else {
            throw FuzzInvariantBroken("parse gave origin \(parsed.origin), SplitURL \(split.origin)")
        }
        let rebuilt = parsed.request.url(base: BaseURL(baseURL))
        guard let again = APIRequest.parse(rebuilt.absoluteString) else {
            throw FuzzInvariantBroken("\(rebuilt) (rebuilt from \(parsed.request)) does not parse")
        }
        guard again.request == parsed.request else {
            throw FuzzInvariantBroken("\(parsed.request) rebuilt as \(rebuilt) parses as \(again.request)")
        }
    }

    /// Response headers as the retry loop, the list and the PostgREST dialect read them:
    /// `Retry-After` through `PageFailure(statusOf:)` into every `RetryPolicy` wait and
    /// into `ListLoader`'s retry gate, and `Content-Range` through `ContentRange`.
    public static func headers(_ bytes: [UInt8]) throws {
        var response = FuzzedResponse.parse(bytes)
        response.status = 429
        let failure = PageFailure(statusOf: response)
        try expectDrawable(failure.message, "failure message")
        if let seconds = response.retryAfterSeconds, seconds < 0 {
            throw FuzzInvariantBroken("Retry-After read as \(seconds) s")
        }
        let policy = RetryPolicy()
        for attempt in 1..<policy.maxAttempts {
            for random in [0.0, 1.0] {
                guard let wait = policy.delay(after: failure, attempt: attempt, random: random) else {
                    throw FuzzInvariantBroken("a 429 is not retried at attempt \(attempt)")
                }
                guard wait >= .zero, wait <= max(policy.maxDelay, policy.maxRetryAfter) else {
                    throw FuzzInvariantBroken("wait \(wait) at attempt \(attempt) is outside 0…\(policy.maxRetryAfter)")
                }
            }
        }
        let list = ListLoader<Character>(firstPage: (FuzzPresets.rickAndMorty(BaseURL(baseURL), .list(.character)) as PresetPages<Character>).firstPage)
        if let ticket = list.loadMore() {
            list.apply(.failure(failure), for: ticket)
            _ = list.retry()
        }
        if let text = response.header("content-range"), let range = ContentRange(text) {
            if let first = range.first, let last = range.last, first > last {
                throw FuzzInvariantBroken("Content-Range \(text) read as \(first)-\(last)")
            }
        }
    }

    /// The fast JSON reader on its own and through every model the snapshot and the
    /// detail pane's episodes are read into.
    public static func jsonModels(_ bytes: [UInt8]) throws {
        let data = Data(bytes)
        var reader = JSONReader(bytes: bytes)
        if (try? reader.skipValue()) != nil { _ = try? reader.expectEnd() }
        _ = try? Character.readArray(data)
        _ = try? Character.readOne(data)
        _ = try? Episode.readArray(data)
        _ = try? Location.readArray(data)
    }

    /// Text from the network reaches the terminal only without control characters.
    static func expectDrawable(_ text: String, _ what: String) throws {
        if let bad = text.unicodeScalars.first(where: Sanitize.isControl) {
            throw FuzzInvariantBroken("\(what) holds U+\(String(bad.value, radix: 16, uppercase: true)): \(text.debugDescription)")
        }
    }
}
