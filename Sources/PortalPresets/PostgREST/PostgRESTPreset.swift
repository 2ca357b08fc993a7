import PortalCore

extension APIPreset {
    /// PostgREST (Supabase): `…/rest/v1/<table>`, `Range` windows answered with
    /// `Content-Range` (a function's rows, `rpc/NAME`, by `limit`/`offset`). No live default.
    public static let postgREST = APIPreset(
        kind: .postgREST, title: "PostgREST",
        liveBaseURL: nil, snapshotBaseURL: "https://snapshot.supabase.co/rest/v1",
        fixedPageSize: nil, takesTables: true,
        recognises: { $0.hasSuffix("/rest/v1") },
        makeSource: { settings in
            var source = PostgRESTSource(baseURL: settings.baseURL, table: settings.table ?? "characters", pageSize: settings.pageSize,
                                         filters: settings.filters, order: settings.order, headers: settings.headers,
                                         rowsAsServed: settings.asServed, function: settings.function, count: settings.count)
            source.picturesOrigin = settings.picturesOrigin
            source.lists = settings.presetLists
            return source
        }
    )
}
