import Foundation

/// Rick and Morty pagination: `info.next` is the next page's URL, `null` at the end.
///
/// `next` is parsed into an `APIRequest` and rebuilt, so its filters survive even when
/// the server writes them unencoded (`&name=rick sanchez`): the query is never lost. A 404
/// `There is nothing here` on the first page means an empty search, not an error.
public struct RickAndMortyPages<Item: Decodable & Identifiable & Sendable>: PageStrategy where Item.ID: Sendable {
    public let firstPage: PageRequest
    /// The API root the list started from; `next` is rebuilt under it.
    public let baseURL: String
    /// The list request (resource and filters) the first page was built from; page N is
    /// the same request with another `page`, so filters survive addressing too.
    public let request: APIRequest

    /// `--header` and the API key, sent with every page.
    public let headers: RequestHeaders

    /// Where every page must come from; nil for a base URL that is not http(s), which
    /// then accepts no `next` link at all.
    private let origin: Origin?

    public init(baseURL: String, request: APIRequest, headers: RequestHeaders = RequestHeaders()) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.request = request
        self.headers = headers
        self.firstPage = PageRequest(url: request.url(base: self.baseURL), headers: headers.applied(to: [:]), index: 0)
        self.origin = SplitURL(self.baseURL)?.origin
    }

    public func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> PageContent<Item> {
        if response.status == 404, request.index == 0, Self.isNothingHere(response.body) {
            return PageContent(items: [], next: nil, totalCount: 0)
        }
        guard (200..<300).contains(response.status) else { throw statusFailure(response) }
        let envelope: Envelope
        do {
            envelope = try Self.readEnvelope(response.body)
        } catch {
            throw PageFailure(.malformed, "malformed page: \(Self.shortDescription(error))")
        }
        var next: PageRequest?
        if let link = envelope.info.next {
            guard let parsed = APIRequest.parse(link) else {
                throw PageFailure(.malformed, "unreadable next link: \(link.prefix(200))")
            }
            guard let origin, parsed.origin == origin else {
                throw PageFailure(.foreignLink, "refused next link to another server: \(link)")
            }
            next = PageRequest(url: parsed.request.url(base: baseURL), headers: headers.applied(to: [:]), index: request.index + 1)
        }
        return PageContent(items: envelope.results, next: next, totalCount: envelope.info.count)
    }

    /// Reads `{"info": {...}, "results": [...]}`, with the fast reader when the item type
    /// has one.
    static func readEnvelope(_ body: Data) throws -> Envelope {
        guard let fast = Item.self as? any APIDecodable.Type else {
            return try JSONDecoder().decode(Envelope.self, from: body)
        }
        var reader = JSONReader(body)
        var info: Envelope.Info?
        var results: [Item]?
        try reader.readObject { r, key in
            switch key {
            case "info":
                var count: Int?, next: String?
                try r.readObject { r, key in
                    switch key {
                    // A count that is not a whole number (a string, a fraction) is no
                    // count at all; a negative one neither. The page itself is fine.
                    case "count": count = ReportedCount.plausible(try r.readIntIfInteger())
                    case "next": next = try r.readOptionalString()
                    default: try r.skipValue()
                    }
                }
                info = Envelope.Info(count: count, next: next)
            case "results":
                results = try r.readArray(of: { r in
                    // `fast` is `Item.self`, so the cast holds; no trap if it ever did not.
                    guard let item = try fast.read(from: &r) as? Item else { throw MissingKey(key: "results", type: "page") }
                    return item
                })
            default:
                try r.skipValue()
            }
        }
        try reader.expectEnd()
        guard let info else { throw MissingKey(key: "info", type: "page") }
        guard let results else { throw MissingKey(key: "results", type: "page") }
        return Envelope(info: info, results: results)
    }

    struct Envelope: Decodable {
        struct Info: Decodable {
            var count: Int?
            var next: String?
            enum CodingKeys: String, CodingKey { case count, next }
        }
        var info: Info
        var results: [Item]
    }

    static func isNothingHere(_ body: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return false }
        return object["error"] as? String == RickAndMortyAPI.nothingHere
    }

    static func shortDescription(_ error: any Error) -> String {
        switch error {
        // The description may quote the body (`no id in url …`): cut to 200 characters.
        case DecodingError.dataCorrupted(let context): String(context.debugDescription.prefix(200))
        case DecodingError.keyNotFound(let key, _): "missing \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context): "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.valueNotFound(_, let context): "null at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "\(error)"
        }
    }
}

extension RickAndMortyPages: AddressablePageStrategy {
    /// The API's fixed page size.
    public var pageSize: Int { RickAndMortyAPI.pageSize }

    /// `?page=N+1` with the list's filters (page numbers count from the first page's own,
    /// 1 when it names none); nil for a request that is not a list.
    public func request(forPage index: Int) -> PageRequest? {
        guard index >= 0, case .list(let page, _) = request.selection else { return nil }
        if index == 0 { return firstPage }
        let (number, overflow) = (page ?? 1).addingReportingOverflow(index)
        return overflow ? nil : PageRequest(url: request.withPage(number).url(base: baseURL), headers: headers.applied(to: [:]), index: index)
    }
}

extension RickAndMortyPages.Envelope.Info {
    /// As the fast reader does: a count that is not a non-negative whole number is none.
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = ReportedCount.plausible((try? c.decodeIfPresent(Int.self, forKey: .count)) ?? nil)
        next = try c.decodeIfPresent(String.self, forKey: .next)
    }
}
