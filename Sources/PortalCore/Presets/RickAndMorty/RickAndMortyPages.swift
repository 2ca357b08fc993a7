import Foundation

/// Rick and Morty pagination: `info.next` is the next page's URL, `null` at the end.
///
/// `next` is parsed into an `APIRequest` and rebuilt, so its filters survive even when
/// the server writes them unencoded (`&name=rick sanchez`): the query is never lost. A 404
/// `There is nothing here` on the first page means an empty search, not an error.
public struct RickAndMortyPages<Item: APIDecodable & Identifiable>: PageStrategy where Item.ID: Sendable {
    public let firstPage: PageRequest
    /// The API root the list started from; `next` is rebuilt under it.
    public let baseURL: BaseURL
    /// The list request (resource and filters) the first page was built from; page N is
    /// the same request with another `page`, so filters survive addressing too.
    public let request: APIRequest

    /// `--header` and the API key, sent with every page.
    public let headers: RequestHeaders

    /// Where every page must come from; nil for a base URL that is not http(s), which
    /// then accepts no `next` link at all.
    private let origin: Origin?

    public init(baseURL: BaseURL, request: APIRequest, headers: RequestHeaders = RequestHeaders()) {
        self.baseURL = baseURL
        self.request = request
        self.headers = headers
        self.firstPage = PageRequest(url: request.url(base: self.baseURL), headers: headers.applied(to: [:]), index: 0)
        self.origin = SplitURL(self.baseURL.text)?.origin
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
            throw PageFailure(.malformed, "malformed page: \(DecodeErrorText.short(error))")
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

    /// Reads `{"info": {...}, "results": [...]}` with the models' one reader (`APIDecodable`).
    static func readEnvelope(_ body: Data) throws -> Envelope {
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
                results = try r.readArray(of: { r in try Item.read(from: &r) })
            default:
                try r.skipValue()
            }
        }
        try reader.expectEnd()
        guard let info else { throw MissingKey(key: "info", type: "page") }
        guard let results else { throw MissingKey(key: "results", type: "page") }
        return Envelope(info: info, results: results)
    }

    struct Envelope {
        struct Info {
            var count: Int?
            var next: String?
        }
        var info: Info
        var results: [Item]
    }

    static func isNothingHere(_ body: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return false }
        return object["error"] as? String == RickAndMortyAPI.nothingHere
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
