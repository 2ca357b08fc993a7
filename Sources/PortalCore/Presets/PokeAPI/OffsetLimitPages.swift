import Foundation

/// PokeAPI pagination (`offset`/`limit`): the answer is `{count, next, previous, results}`
/// and `next` is followed as the server wrote it. The end is `next == null` or an empty
/// page (an offset past the end answers 200 with `results: []`).
///
/// Like `RickAndMortyPages`, a `next` pointing at another origin is refused.
public struct OffsetLimitPages<Item: Decodable & Identifiable & Sendable>: PageStrategy where Item.ID: Sendable {
    /// PokeAPI's page size when `limit` is not given.
    public static var defaultLimit: Int { 20 }

    public let firstPage: PageRequest
    /// The API root, e.g. `https://pokeapi.co/api/v2`.
    public let baseURL: BaseURL
    /// The `limit` every page asks for (PokeAPI reads 0 or less as its default, and so
    /// does this).
    public let pageSize: Int
    /// `BASE/path`, the list without its query.
    private let listURL: String
    /// Added to every request (`--header`, the API key).
    public let headers: RequestHeaders

    /// The list at `BASE/path?offset=0&limit=limit` (e.g. `path` = `pokemon`).
    public init(baseURL: BaseURL, path: String, limit: Int = OffsetLimitPages.defaultLimit, headers: RequestHeaders = RequestHeaders()) {
        self.baseURL = baseURL
        self.headers = headers
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        self.listURL = "\(self.baseURL)/\(trimmed)"
        self.pageSize = PageSize.clamped(limit)
        self.firstPage = Self.page(listURL, offset: 0, limit: pageSize, index: 0, headers: headers)
    }

    private static func page(_ listURL: String, offset: Int, limit: Int, index: Int, headers: RequestHeaders) -> PageRequest {
        // A base URL that is no URL gives a request every transport refuses, not a trap.
        PageRequest(url: URL(string: "\(listURL)?offset=\(offset)&limit=\(limit)") ?? .unservable, headers: headers.applied(to: [:]), index: index)
    }

    public func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> PageContent<Item> {
        guard (200..<300).contains(response.status) else { throw statusFailure(response) }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: response.body)
        } catch {
            throw PageFailure(.malformed, "malformed page: \(DecodeErrorText.short(error))")
        }
        var next: PageRequest?
        if let link = envelope.next, !envelope.results.isEmpty {
            guard let root = SplitURL(baseURL.text), let split = SplitURL(link) else {
                throw PageFailure(.malformed, "unreadable next link: \(Sanitize.line(link))")
            }
            guard split.origin == root.origin else {
                throw PageFailure(.foreignLink, "refused next link to another server: \(Sanitize.line(link))")
            }
            guard let url = URL(string: link) ?? URL(string: link.replacingOccurrences(of: " ", with: "%20")) else {
                throw PageFailure(.malformed, "unreadable next link: \(Sanitize.line(link))")
            }
            next = PageRequest(url: url, headers: headers.applied(to: [:]), index: request.index + 1)
        }
        return PageContent(items: envelope.results, next: next, totalCount: envelope.count)
    }

    private struct Envelope: Decodable {
        var count: Int?
        var next: String?
        var results: [Item]

        private enum CodingKeys: String, CodingKey { case count, next, results }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            // A count that is not a non-negative whole number is no count; the page is fine.
            count = ReportedCount.plausible((try? c.decodeIfPresent(Int.self, forKey: .count)) ?? nil)
            next = try c.decodeIfPresent(String.self, forKey: .next)
            results = try c.decode([Item].self, forKey: .results)
        }
    }
}

extension OffsetLimitPages: AddressablePageStrategy {
    /// `offset=N*limit&limit=limit`: the same URL shape as the first page, so page 0 is
    /// the first page exactly.
    public func request(forPage index: Int) -> PageRequest? {
        guard index >= 0 else { return nil }
        let (offset, overflow) = index.multipliedReportingOverflow(by: pageSize)
        return overflow ? nil : Self.page(listURL, offset: offset, limit: pageSize, index: index, headers: headers)
    }
}
