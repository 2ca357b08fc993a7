/// How a list pages, as a spec names it: a style (`PagingDialects`' names: `page`,
/// `offset`, `cursor`, `next`, `has-more`, `link`, `range`, `odata`, `none`) and the
/// names of its parameters and places, where they differ from the common ones. What is
/// left out is read from the first answer as `--paging STYLE` reads it.
///
/// Each style names its own parameters (docs/presets.md):
/// - page: `page` (the page number parameter), `size` (the page size parameter), `total`,
///   `past_end` (what a page past the end answers: Rick and Morty's 404 with `error`
///   `There is nothing here`; typed, `pastEnd`, not among `names`)
/// - offset: `offset`, `limit` (the page size parameter), `total`
/// - cursor: `cursor` (the parameter the token goes back in), `next` (the token's path in
///   the body), `size`
/// - next: `next` (the next URL's path in the body), `page` (the page-number parameter
///   its links step: pages addressed before any answer), `size` (the page size parameter
///   of the first URL, when the list takes one), `total`, `past_end`
/// - has-more: `has_more` (the flag's path), `cursor` (the parameter), `next` (the path of
///   the value sent back; else the last record's `id`)
///
/// - range: `total` (`header:Content-Range`: the total after its `/`)
///
/// `total` is a dotted path in the body, or `header:NAME`.
public struct PagingSpec: Sendable, Hashable {
    public var style: String
    /// Parameter and path names by the spec's key (`page`, `size`, `total`, …).
    public var names: [String: String]
    /// `past_end`: what a page past the end answers (a status, and the body's `error`).
    public var pastEnd: PastEnd?

    public init(style: String, names: [String: String] = [:], pastEnd: PastEnd? = nil) {
        self.style = style
        self.names = names
        self.pastEnd = pastEnd
    }

    /// The keys each style takes, in the order `portal apis show` writes them.
    public static let keys: [String: [String]] = [
        "page": ["page", "size", "total", "past_end"],
        "offset": ["offset", "limit", "total"],
        "cursor": ["cursor", "next", "size", "total"],
        "next": ["next", "page", "size", "total", "past_end"],
        "has-more": ["has_more", "cursor", "next"],
        "link": ["total"], "range": ["total"], "odata": [], "none": [],
    ]

    public subscript(_ name: String) -> String? { names[name] }

    /// A dotted path (`paging.total_count`) as its keys.
    public static func path(_ dotted: String) -> [String] { dotted.split(separator: ".").map(String.init) }

    /// The parameter that sets the page size (`size` or `limit`), when named.
    public var sizeParameter: String? { names["size"] ?? names["limit"] }
}
