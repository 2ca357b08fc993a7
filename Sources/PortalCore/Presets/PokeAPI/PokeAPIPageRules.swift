import Foundation

/// What PokeAPI's paging needs beside its dialect (`next` in the body; pages addressed by
/// `offset`, `limit` fixed per list): the rules no answer says.
public struct PokeAPIPageRules: PresetPageRules {
    public init() {}

    /// An offset past the end answers 200 with `results: []`; a server whose `next` goes
    /// on there (the count changed under the walk) would be walked for ever.
    public var endsOnEmptyPage: Bool { true }

    /// PokeAPI writes `next` as it was asked, a raw space included (`?name=mr mime`): the
    /// space is sent encoded, not taken for the end of the list. A link that still reads
    /// as no URL fails the page saying so; another origin is refused as any API's.
    public func request(following link: String, after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        guard let next = try answer.sameOrigin(link.replacingOccurrences(of: " ", with: "%20")) else {
            throw PageFailure(.malformed, "unreadable next link: \(link.prefix(200))")
        }
        return next
    }
}

extension PresetPages where Item: Decodable {
    /// The PokeAPI list at `BASE/path`, its entries decoded as `Item`.
    public static func pokeAPI(baseURL: BaseURL, path: String, limit: Int = pokeAPIDefaultLimit,
                               headers: RequestHeaders = RequestHeaders()) -> PresetPages {
        pokeAPI(baseURL: baseURL, path: path, limit: limit, headers: headers, reader: .decodable)
    }
}

extension PresetPages {
    /// PokeAPI's page size when `limit` is not given.
    public static var pokeAPIDefaultLimit: Int { 20 }

    /// The PokeAPI list at `BASE/path?offset=0&limit=limit` (e.g. `path` = `pokemon`),
    /// paged by `APIPreset.pokeAPI`'s dialect: `next` followed, page N at
    /// `offset=N×limit`, the total from `count`. `limit` 0 or less reads as PokeAPI's
    /// default, as PokeAPI reads it.
    public static func pokeAPI(baseURL: BaseURL, path: String, limit: Int = pokeAPIDefaultLimit,
                               headers: RequestHeaders = RequestHeaders(), reader: PresetItemReader<Item>) -> PresetPages {
        let preset = APIPreset.pokeAPI
        let pageSize = PageSize.clamped(limit)
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        // A base URL that is no URL gives a request every transport refuses, not a trap.
        let url = URL(string: "\(baseURL)/\(trimmed)?offset=0&limit=\(pageSize)") ?? .unservable
        let reading = ListReading(items: ["results"], anyPaging: preset.paging, total: .body(["count"]),
                                  addressing: preset.address, pageSize: pageSize)
        return PresetPages(list: AnyAPIPages(url: url, reading: reading, headers: headers.applied(to: [:])),
                           reader: reader, rules: PokeAPIPageRules())
    }
}
