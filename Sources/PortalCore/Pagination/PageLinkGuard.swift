import Foundation

/// The rule that keeps a list from going round: whether a page's `next` may be followed.
///
/// A server decides where `next` points, and a broken or hostile one can point it
/// anywhere. Without this rule a list spins forever (with the session cache, in memory at
/// full CPU) when `next` repeats itself or points back, and fetches without end when
/// empty pages keep a non-null `next`. A `next` is refused when it
///
/// - repeats a request this list already made (same URL and headers; `?page=0`, `-5` or
///   `1e3` read as page 1 by the server, and come back as the first page's request);
/// - goes backwards or stands still: its `page` number, `offset`, or `Range` start is not
///   past the current page's (missing or unreadable, a page is 1 and an offset 0, as
///   servers read them);
/// - leaves the list's own path (a character list's `next` pointing at `/api/episode`);
/// - follows `maxEmptyPages` pages in a row that brought nothing new (empty, or only
///   items already listed).
///
/// It is a value: `admit` changes it only when the link is accepted, so retrying a page
/// whose link was refused is refused the same way.
public struct PageLinkGuard: Sendable {
    /// Pages in a row without a new item after which a non-null `next` is not followed.
    public static let maxEmptyPages = 3

    /// This list's limit: `maxEmptyPages` for a tab's list, 1 for a pane's linked list,
    /// which ends at its first page with nothing new (issue 27: a pane never storms).
    public let emptyPagesLimit: Int
    private let listPath: String
    private var made: Set<PageRequest.Identity> = []
    private var emptyRun = 0
    /// The last request accepted (at first the first page's), as read: the next page's
    /// `current`, so each URL of a walk is normalised and parsed once, not twice.
    private var lastAccepted: (request: PageRequest, read: ReadRequest)

    /// What the guard holds, in bytes: a digest per request it remembers and the last
    /// request accepted (which the next page's is compared with), whatever the requests' size.
    public var retainedBytes: Int {
        made.count * MemoryLayout<PageRequest.Identity>.stride + PageByteBudget.bytes(ofRequest: lastAccepted.request) * 2
    }

    /// A guard for the list starting at `firstPage`.
    public init(firstPage: PageRequest, emptyPagesLimit: Int = PageLinkGuard.maxEmptyPages) {
        self.emptyPagesLimit = max(1, emptyPagesLimit)
        let read = ReadRequest(firstPage)
        listPath = read.path
        made.insert(read.identity)
        lastAccepted = (firstPage, read)
    }

    /// Accepts `next` after `current` (whose page brought nothing new when
    /// `bringsNothingNew`) and remembers it, or returns why it is refused (and changes
    /// nothing).
    public mutating func admit(_ next: PageRequest, after current: PageRequest, bringsNothingNew: Bool) -> PageFailure? {
        let link = next.http.url.absoluteString
        func refuse(_ why: String) -> PageFailure {
            PageFailure(.refusedNext, "stopped: the server's next link \(why): \(link.prefix(200))")
        }
        // Each URL of a walk is read once (normalised, its path and query parsed): `current`
        // is, as a rule, the link accepted last time, read then. This runs for every page.
        let nextRead = ReadRequest(next)
        let currentRead = lastAccepted.request == current ? lastAccepted.read : ReadRequest(current)
        let nextIdentity = nextRead.identity, currentIdentity = currentRead.identity
        if nextIdentity == currentIdentity || made.contains(nextIdentity) { return refuse("repeats a page already fetched") }
        if nextRead.path != listPath { return refuse("leaves this list") }
        let currentQuery = currentRead.query, nextQuery = nextRead.query
        if let from = Self.position(of: current, currentQuery, comparedWith: next, nextQuery),
           let to = Self.position(of: next, nextQuery, comparedWith: current, currentQuery), to <= from,
           !(to == from && Self.isCountStepDown(from: current, to: next)) {
            return refuse(to == from ? "does not move forward" : "goes backwards")
        }
        let emptyRun = bringsNothingNew ? self.emptyRun + 1 : 0
        if emptyRun >= emptyPagesLimit {
            return refuse("follows \(emptyRun) pages in a row with nothing new")
        }
        // Only now, so a refusal changes nothing (and the set is not copied per page).
        made.insert(currentIdentity)
        made.insert(nextIdentity)
        self.emptyRun = emptyRun
        lastAccepted = (next, nextRead)
        return nil
    }

    /// The same window asked again with a weaker `Prefer: count=…` (PostgREST's fallback
    /// when a server refuses a count): allowed to stand still, at most once per strength,
    /// since each step changes the request and a repeat is refused above.
    private static func isCountStepDown(from current: PageRequest, to next: PageRequest) -> Bool {
        let strength = ["count=exact": 3, "count=planned": 2, "count=estimated": 2]
        let before = current.http.headers["Prefer"].flatMap { strength[$0] } ?? 0
        let after = next.http.headers["Prefer"].flatMap { strength[$0] } ?? 0
        return before > 0 && after < before
    }

    /// Where a request stands in its list, by whichever measure either request uses:
    /// `page` (missing or unreadable is 1), `offset` (missing or unreadable is 0), or the
    /// start of a `Range` header. Nil when neither uses one (a cursor, say).
    private static func position(of request: PageRequest, _ mine: [String: String],
                                 comparedWith other: PageRequest, _ theirs: [String: String]) -> Int? {
        // A link that changes how the list is addressed (a cursor instead of an offset)
        // cannot be placed against the current page: only its repeats are refused.
        guard sameKeys(mine, theirs, besides: ["page", "offset", "limit"]) else { return nil }
        if mine["offset"] != nil || theirs["offset"] != nil {
            return mine["offset"].flatMap { Int($0) }.map { max(0, $0) } ?? 0
        }
        if mine["page"] != nil || theirs["page"] != nil {
            return mine["page"].flatMap { Int($0) }.flatMap { $0 >= 1 ? $0 : nil } ?? 1
        }
        if let range = request.http.headers["Range"], other.http.headers["Range"] != nil {
            return range.split(separator: "-").first.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }

    /// Whether `a` and `b` name the same keys, leaving `measures` out. Read in place: this
    /// runs twice for every page a list walks, and the sets it made were a tenth of it.
    private static func sameKeys(_ a: [String: String], _ b: [String: String], besides measures: [String]) -> Bool {
        for key in a.keys where b[key] == nil && !measures.contains(key) { return false }
        for key in b.keys where a[key] == nil && !measures.contains(key) { return false }
        return true
    }
}

/// A page request as the guard compares it: its URL's reading (made with the request, or
/// now) and its identity (a digest of that URL's normal form, the method, headers and body).
private struct ReadRequest {
    let identity: PageRequest.Identity
    let path: String
    let query: [String: String]

    init(_ request: PageRequest) {
        let reading = request.linkReading
        identity = PageRequest.Identity(method: request.http.method, url: reading.normalURL, headers: request.http.headers, body: request.http.body)
        path = reading.path
        query = reading.query
    }
}

extension PageRequest {
    /// What makes two page requests the same request: URL (in its normal form, so a query
    /// written in another order or a default port spelled out is the same page), method,
    /// headers and body, not the index — kept as a 128-bit digest, not the request.
    ///
    /// Why a digest: the loop guards remember every request of a walk (`PageLinkGuard`,
    /// `LoopCheckpoints`), and a server's opaque cursor can be megabytes: with 3 MB cursors
    /// `portal list` levelled off near 900 MB, 256 whole requests kept. Two independent
    /// keyed hashes (SipHash under the process's random seed, which a server cannot know,
    /// told apart by a leading word) make a false match about 2⁻¹²⁸ per pair.
    struct Identity: Hashable, Sendable {
        let high: UInt64
        let low: UInt64

        init(method: String, url: String, headers: [String: String], body: Data?) {
            func digest(_ salt: UInt64) -> UInt64 {
                var hasher = Hasher()
                hasher.combine(salt)
                hasher.combine(method)
                hasher.combine(url)
                hasher.combine(headers.count)
                for key in headers.keys.sorted() {
                    hasher.combine(key)
                    hasher.combine(headers[key])
                }
                // Every byte of the body: `Data`'s own hash reads only its first 80 bytes,
                // and GraphQL pages are one long query that differs in its variables at the end.
                hasher.combine(body?.count ?? -1)
                body?.withUnsafeBytes { hasher.combine(bytes: $0) }
                return UInt64(bitPattern: Int64(hasher.finalize()))
            }
            high = digest(0x5EED_0001)
            low = digest(0x5EED_0002)
        }
    }

    var identity: Identity { Identity(method: http.method, url: NormalisedURL.of(http.url.absoluteString), headers: http.headers, body: http.body) }
}
