import Foundation
import PortalCore

extension PresetPages where Item: PageRowDecodable {
    /// A PostgREST table's rows (or a function's, `POST {base}/rpc/NAME` with its
    /// arguments), with `--where` filters and `--order` (PostgREST's grammar, built here),
    /// paged as `paging` says — the preset file's (`postgrest.toml`: `style = "range"`,
    /// `total = "header:Content-Range"`), read by `PagingSpec.reading` as a user's table is:
    /// windows of `pageSize` by a `Range` header (a function's by `limit`/`offset`, as
    /// Supabase's clients ask them), the total from `Content-Range` when `count` asks for an
    /// exact one, the count's step down by `RangeCountRules`.
    public static func postgREST(
        baseURL: BaseURL, table: String, pageSize: Int = 20, window: PostgRESTWindow = .rangeHeader, count: PostgRESTCount = .exact,
        filters: [PostgRESTFilter] = [], order: PostgRESTOrder = .byID, headers: RequestHeaders = RequestHeaders(),
        function: PostgRESTFunction? = nil, paging: PagingSpec
    ) -> PresetPages {
        let size = PageSize.clamped(pageSize)
        let path = function.map { "rpc/" + QueryString.encode($0.name) } ?? QueryString.encode(table)
        var text = "\(baseURL)/\(path)?select=*"
        for filter in filters {
            text += "&\(QueryString.encode(filter.column))=\(QueryString.encode(filter.expression))"
        }
        text += "&order=\(QueryString.encode(order.text))"
        // A window in the query is `limit`/`offset` (the `range` dialect then steps `offset`).
        if window == .limitOffset { text += "&limit=\(size)&offset=0" }
        // Every part is encoded above, so only a base URL that is no URL fails here.
        return .told(url: URL(string: text) ?? .unservable, items: [], paging: paging, pageSize: size,
                     headers: headers.applied(to: count.prefer.map { ["Prefer": $0] } ?? [:]),
                     method: function == nil ? "GET" : "POST", body: function?.arguments, reader: .pageRows)
    }
}
