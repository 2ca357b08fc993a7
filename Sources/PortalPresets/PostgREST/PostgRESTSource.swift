import Foundation
import PortalCore
import PortalPaging

/// A PostgREST (Supabase) table as the browser's one tab: `Range` windows in `--order`
/// (`id` by default), `Prefer: count=exact` with the fall-back to weaker counts that
/// `RangeCountRules` makes, the `--where` filters on every request and the headers
/// (`--header`, the API key) on every request.
///
/// Rows are read as `Row`s and shown as the records of the preset files' list for the
/// table (by its name or path), else of the list whose `recognised_by` field they hold
/// (`TableItems.item`: a `species` row is a character), else as the table's columns. The
/// `/` search is `name=ilike.*text*` (`searchKey`: the column a preset file's list names;
/// PostgREST has no fixed filters, so there is no form); a table without that column
/// answers it with PostgREST's own 400 message.
///
/// With a `function` (`--rpc NAME --args JSON`) the tab is that function's rows instead:
/// `POST {base}/rpc/NAME` with the arguments as the body, `limit`/`offset` in the query
/// as the Supabase client libraries page it, filters, order and search as for a table.
/// `count` (`--count`) is the `Prefer: count=…` asked for; only `exact` makes the list
/// addressable, an estimate is shown as `≈ N`.
public struct PostgRESTSource: AddressableSource {
    /// `…/rest/v1`, without a trailing slash.
    public let baseURL: BaseURL
    public let table: String
    public let pageSize: Int
    /// `--where`: applied to every list of the tab, before the search.
    public let filters: [PostgRESTFilter]
    public let order: PostgRESTOrder
    public let headers: RequestHeaders
    /// `--rpc`: the function whose rows are listed instead of the table's.
    public let function: PostgRESTFunction?
    /// `--count`: the total asked for.
    public let count: PostgRESTCount
    /// Rows stay rows, never read as models (`portal list` prints what was served).
    public let rowsAsServed: Bool
    /// Where a row's picture may come from (`--pictures-origin`): any http(s) origin by default.
    public var picturesOrigin: PicturesOrigin = .any
    /// How rows shaped as a built-in API's records look (the Supabase copies of Rick and
    /// Morty's resources: its preset file's lists, `TableItems`).
    public var lists = PresetLists()

    public init(
        baseURL: BaseURL, table: String = "characters", pageSize: Int = APIKind.defaultPageSize,
        filters: [PostgRESTFilter] = [], order: PostgRESTOrder = .byID, headers: RequestHeaders = RequestHeaders(),
        rowsAsServed: Bool = false, function: PostgRESTFunction? = nil, count: PostgRESTCount = .exact
    ) {
        self.function = function
        self.count = count
        self.baseURL = baseURL
        self.table = table
        self.pageSize = PageSize.clamped(pageSize)
        self.filters = filters
        self.order = order
        self.headers = headers
        self.rowsAsServed = rowsAsServed
    }

    /// "PostgREST · characters", or "PostgREST · rpc characters_by_status".
    public var title: String { "PostgREST · \(listName)" }

    /// The table's name, or `rpc NAME` for a function.
    private var listName: String { function.map { "rpc " + Sanitize.line($0.name) } ?? Sanitize.line(table) }

    /// The table's kind: its name (so `pokemon` rows and the `pokemon` kind agree); a
    /// function's is its name.
    public var kind: ItemKind { ItemKind(rawValue: function?.name ?? table) }

    public var tabs: [TabSpec] { [TabSpec(kind: kind, title: listName, searchKey: searchKey)] }

    /// The column `/` searches, sent as `COLUMN=ilike.*text*`: the `search` of the preset
    /// file's list for this table (`PresetLists.list(holding:)`: postgrest.toml's `pokemon`,
    /// rickandmorty.toml's `character` for `characters`), else `name`, the column most
    /// tables that have a title call it (one without answers with PostgREST's own 400).
    public var searchKey: String {
        guard function == nil, let list = lists.list(holding: table), let column = lists.specs[list]?.search else { return "name" }
        return column
    }

    /// The pages of `query`'s list: `--where`, then the search as a case-insensitive
    /// substring match on `searchKey`.
    func pages(_ query: ListQuery) -> PresetPages<Row> {
        var all = filters
        let searchKey = self.searchKey
        let text = query.value(searchKey)
        // `*` is PostgREST's wildcard in like patterns; typed ones are kept as wildcards.
        if !text.isEmpty, let search = try? PostgRESTFilter(parsing: "\(searchKey)=ilike.*\(text)*") {
            all.append(search)
        }
        return .postgREST(baseURL: baseURL, table: table, pageSize: pageSize, window: function == nil ? .rangeHeader : .limitOffset,
                          count: count, filters: all, order: query.sort.flatMap { $0.postgRESTOrder(then: order) } ?? order, headers: headers,
                          function: function, paging: paging)
    }

    /// How the table pages: as the preset file says for it (its list by the table's name,
    /// else the paging all of postgrest.toml's lists share); a source given no file pages
    /// as PostgREST does, `Range` windows with the total of `Content-Range`.
    var paging: PagingSpec {
        lists.paging(of: kind.rawValue) ?? PagingSpec(style: ContentRangePaging.name, names: ["total": "header:Content-Range"])
    }

    public func firstPage(for query: ListQuery) -> PageRequest { pages(query).firstPage }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        let cards = lists.cards(base: baseURL)
        // The table's rows are the records of the list that names it (`characters`:
        // postgrest.toml's `character`), whatever columns they hold.
        let list = lists.list(holding: table).map(ItemKind.init(rawValue:)) ?? kind
        return try pages(query).decode(response, for: request).map { rowsAsServed ? TableItems.row($0, kind: kind) : TableItems.item($0, kind: list, cards: cards) }
    }

    /// The list as its dialect pages it (page N a `Range` window, a function's an `offset`).
    public func addressablePages(of query: ListQuery) -> (any PageAddressable)? { pages(query).list }

    /// `GET {base}/{table}?select=*&id=in.(…)` for the table that holds `kind`: this tab's,
    /// else the `path` of the preset file's list `kind` (postgrest.toml's `episode` is
    /// `/episodes`), else the kind's own name; in one request, nil for an empty list.
    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? {
        guard !ids.isEmpty else { return nil }
        let name = kind == self.kind ? table : lists.path(of: kind.rawValue) ?? kind.rawValue
        let list = ids.map(String.init).joined(separator: ",")
        let text = "\(baseURL)/\(QueryString.encode(name))?select=*&id=\(QueryString.encode("in.(\(list))"))"
        return URL(string: text).map { HTTPRequest(url: $0, headers: headers.applied(to: [:])) }
    }

    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        guard (200..<300).contains(response.status) else { throw RangeCountRules.failure(response) }
        do {
            let cards = lists.cards(base: baseURL)
            return try RowReader.rows(response.body).map { TableItems.item($0, kind: kind, cards: cards) }
        } catch {
            throw PageFailure(.malformed, "malformed rows: \(error)")
        }
    }

    /// A row's image column (`PictureColumns`) on an origin `picturesOrigin` allows: on the
    /// API's own server sent with the API's headers, elsewhere bare (`BarePictureRequest`).
    public func pictureRequest(for item: Item) -> HTTPRequest? {
        guard item.record.card.spec.layout == .columns else { return nil }
        return PictureColumns.request(in: item.record.row, listURL: baseURL.text, policy: picturesOrigin, homeHeaders: headers.applied(to: [:]))
    }
}
