import Foundation
import PortalJSON

/// What the Rick and Morty API's paging needs beside its dialect (`info.next` in the
/// body; pages addressed by `page`, 20 fixed by the server): the rules no answer says.
public struct RickAndMortyPageRules: PresetPageRules {
    /// The API root the list started from; `next` is rebuilt under it.
    public let baseURL: BaseURL
    /// Where every page must come from; nil for a base URL that is not http(s), which
    /// then accepts no `next` link at all.
    private let origin: Origin?

    public init(baseURL: BaseURL) {
        self.baseURL = baseURL
        self.origin = SplitURL(baseURL.text)?.origin
    }

    /// A search that matches nothing answers 404 `{"error":"There is nothing here"}` on
    /// its first page: an empty list, not a failure.
    public func isEmptyList(_ response: HTTPResponse, for request: PageRequest) -> Bool {
        guard response.status == 404, request.index == 0,
              let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else { return false }
        return object["error"] as? String == RickAndMortyAPI.nothingHere
    }

    /// The server writes its filters unencoded in `next` (`&name=rick sanchez`): the link is
    /// parsed into an `APIRequest` and rebuilt, so the query is never lost, and the URL is
    /// the one page N is asked at (`?page=N&filters`), so the HTTP cache answers both alike.
    public func request(following link: String, after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        guard let parsed = APIRequest.parse(link) else { throw PageFailure(.malformed, "unreadable next link: \(link.prefix(200))") }
        guard let origin, parsed.origin == origin else {
            throw PageFailure(.foreignLink, "refused next link to another server: \(link.prefix(200))")
        }
        return answer.list.request(at: parsed.request.url(base: baseURL), index: answer.nextIndex)
    }
}

extension PresetPages where Item: APIDecodable {
    /// The list of `request` read as typed models (the mirror's and the benchmarks' reading).
    public static func rickAndMorty(baseURL: BaseURL, request: APIRequest, headers: RequestHeaders = RequestHeaders()) -> PresetPages {
        rickAndMorty(baseURL: baseURL, request: request, headers: headers, reader: .apiDecodable)
    }
}

extension PresetPages {
    /// The Rick and Morty list `request` asks (its resource and filters), paged by
    /// `APIPreset.rickAndMorty`'s dialect: `info.next` followed (`RickAndMortyPageRules`),
    /// page N at `page` = the first page's number + N with the same filters, the total
    /// from `info.count`, its items read by `reader`. A request that is no list (ids) is
    /// walked only.
    public static func rickAndMorty(baseURL: BaseURL, request: APIRequest, headers: RequestHeaders = RequestHeaders(),
                                    reader: PresetItemReader<Item>) -> PresetPages {
        let preset = APIPreset.rickAndMorty
        var addressing: PageAddress?
        var template: URL?
        if case .list(let page, _) = request.selection, case .pageParam(let name, _)? = preset.address {
            addressing = .pageParam(name, first: page ?? 1)
            template = request.withPage(page ?? 1).url(base: baseURL)
        }
        let reading = ListReading(items: ["results"], anyPaging: preset.paging, total: .body(["info", "count"]),
                                  addressing: addressing, pageSize: RickAndMortyAPI.pageSize)
        let list = AnyAPIPages(url: request.url(base: baseURL), reading: reading, headers: headers.applied(to: [:]), pageTemplate: template)
        return PresetPages(list: list, reader: reader, rules: RickAndMortyPageRules(baseURL: baseURL))
    }
}
