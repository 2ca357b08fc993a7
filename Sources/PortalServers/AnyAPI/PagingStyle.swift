/// The pagination styles the mirror speaks over the snapshot's characters, one route each
/// (`/dialects/<style>/characters`), each the shape of a real API family's answers, so
/// `portal --url` can be tried and tested against every one (docs/mirror.md).
public enum PagingStyle: String, CaseIterable, Sendable {
    /// GitHub: a top-level array, `?page=N&per_page=M` (30, at most 100), `Link` with
    /// `next`, `prev`, `first`, `last`; past the end an empty array.
    case link
    /// fastapi-pagination's `Page`: `{items, total, page, size, pages}`, `?page=N&size=M`
    /// (50, at most 100), no links.
    case pages
    /// Django REST framework's `PageNumberPagination`: `{count, next, previous, results}`,
    /// `?page=N` (20 a page), 404 `{"detail":"Invalid page."}` past the end.
    case next
    /// DRF's `CursorPagination`: `{next, previous, results}` with opaque `?cursor=` URLs
    /// and no count.
    case nextNoCount = "next-nocount"
    /// An opaque token in the body (Slack-like): `{data, next_cursor}`, `?cursor=T&limit=N`
    /// (20, at most 100); `next_cursor` is null at the end.
    case cursor
    /// Stripe: `{object: "list", data, has_more, url}`, `?limit=N&starting_after=ID`
    /// (10, at most 100).
    case stripe
    /// JSON:API: `{data: [{type, id, attributes}], links: {self, first, prev, next, last},
    /// meta: {total}}`, `?page[number]=N&page[size]=M` (20, at most 100).
    case jsonapi
    /// HAL as Spring Data REST writes it: `{_embedded: {characters}, _links: {self, first,
    /// prev, next, last}, page: {size, totalElements, totalPages, number}}`,
    /// `?page=N&size=M` with pages counted from 0 (20, at most 100).
    case hal

    /// Items a page holds when the request does not say.
    var defaultSize: Int {
        switch self {
        case .link: 30
        case .pages: 50
        case .stripe: 10
        default: 20
        }
    }
}
