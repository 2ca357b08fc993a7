import PortalCore

/// Everything the command line (or a saved API) says about how to ask an API, checked and
/// normalised, for `APIPreset.makeSource`. Each preset reads what it uses; an option group
/// a preset adds (PostgREST's table, filters and order) is one more field here.
public struct SourceSettings: Sendable {
    public var baseURL: BaseURL
    /// `--page-size`, already in `APIKind.pageSizeRange` (the default when not given).
    public var pageSize: Int
    /// `--header` lines and the key (`PORTAL_API_KEY`).
    public var headers: RequestHeaders
    /// PostgREST: the table (`--table`, or `portal list`'s argument).
    public var table: String?
    /// PostgREST: `--where`.
    public var filters: [PostgRESTFilter]
    /// PostgREST: `--order`.
    public var order: PostgRESTOrder
    /// `portal list`: items exactly as served (a PostgREST row stays a row, not a model),
    /// so `--json` prints what the server sent.
    public var asServed: Bool
    /// PostgREST: `--rpc NAME --args JSON`, a function's rows instead of a table's.
    public var function: PostgRESTFunction?
    /// PostgREST: `--count`, the total asked for.
    public var count: PostgRESTCount
    /// `--pictures-origin` (the config's `pictures_origin`): any http(s) origin, or the API's own.
    public var picturesOrigin: PicturesOrigin = .any
    /// The preset's lists as its preset file writes them (PortalConfig's `BuiltInPresets`).
    public var presetLists = PresetLists()

    public init(baseURL: BaseURL, pageSize: Int = APIKind.defaultPageSize, headers: RequestHeaders = RequestHeaders(),
                table: String? = nil, filters: [PostgRESTFilter] = [], order: PostgRESTOrder = .byID, asServed: Bool = false,
                function: PostgRESTFunction? = nil, count: PostgRESTCount = .exact) {
        self.function = function
        self.count = count
        self.baseURL = baseURL
        self.pageSize = PageSize.clamped(pageSize)
        self.headers = headers
        self.table = table
        self.filters = filters
        self.order = order
        self.asServed = asServed
    }
}
