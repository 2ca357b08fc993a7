import Foundation
import PortalCore
import PortalPaging

extension PresetPages {
    /// The Rick and Morty list `request` asks (its resource and the server's filters),
    /// paged as `paging` says — the preset file's (`rickandmorty.toml`: `style = "page"`,
    /// `total = "info.count"`, `past_end = { status = 404, error = "There is nothing here" }`), read by `PagingSpec.reading` as a user's
    /// list is: page N at the page parameter the file names, set on `?page=1&filters` (the
    /// URL the server's own `next` links name, so the HTTP cache answers both alike and the
    /// filters it writes unencoded in them are never read), the end at the total, a search
    /// that matches nothing (404) an empty list. Its items are at `items` (`results`), read
    /// by `reader`. A request that is no list (ids) is one page.
    public static func rickAndMorty(baseURL: BaseURL, request: APIRequest, items: [String], paging: PagingSpec,
                                    headers: RequestHeaders = RequestHeaders(), reader: PresetItemReader<Item>) -> PresetPages {
        guard case .list(let page, _) = request.selection else {
            return .told(url: request.url(base: baseURL), items: items, paging: PagingSpec(style: NoPaging.name),
                         pageSize: RickAndMortyAPI.pageSize, headers: headers.applied(to: [:]), reader: reader)
        }
        return .told(url: request.url(base: baseURL), items: items, paging: paging, pageSize: RickAndMortyAPI.pageSize,
                     headers: headers.applied(to: [:]), pageTemplate: request.withPage(page ?? 1).url(base: baseURL), reader: reader)
    }
}
