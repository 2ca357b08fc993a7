import Foundation
import PortalCore
import PortalPaging

extension PresetPages {
    /// PokeAPI's page size when `limit` is not given.
    public static var pokeAPIDefaultLimit: Int { 20 }

    /// The PokeAPI list at `BASE/path` (e.g. `path` = `pokemon`), paged as `paging` says —
    /// the preset file's (`pokeapi.toml`: `style = "offset"`, `limit = "limit"`, `total =
    /// "count"`), read by `PagingSpec.reading` as a user's list is: the first URL
    /// `?offset=0&limit=N` (the offset and size parameters the file names), page N at
    /// `offset=N×limit`, the end at the total or at a page with no entries (an offset past
    /// the end answers `results: []`). Its items are at `items` (`results`), read by
    /// `reader`. `limit` 0 or less reads as PokeAPI's default, as PokeAPI reads it.
    public static func pokeAPI(baseURL: BaseURL, path: String, limit: Int = pokeAPIDefaultLimit, items: [String], paging: PagingSpec,
                               headers: RequestHeaders = RequestHeaders(), reader: PresetItemReader<Item>) -> PresetPages {
        let pageSize = PageSize.clamped(limit)
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        var query: [String] = []
        if paging.style == OffsetPaging.name { query.append("\(QueryString.encode(paging["offset"] ?? "offset"))=0") }
        if let size = paging.sizeParameter { query.append("\(QueryString.encode(size))=\(pageSize)") }
        // A base URL that is no URL gives a request every transport refuses, not a trap.
        let url = URL(string: "\(baseURL)/\(trimmed)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))) ?? .unservable
        return .told(url: url, items: items, paging: paging, pageSize: pageSize, headers: headers.applied(to: [:]), reader: reader)
    }
}
