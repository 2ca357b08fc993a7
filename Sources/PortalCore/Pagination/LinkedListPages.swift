import Foundation
import PortalJSON

/// How a linked list (a list a pane opened from a link, any API) pages, read from its
/// first answer by the detector `--url` uses (`DialectDetector`, every dialect of
/// `PagingDialects`): its pages value when the dialect addresses pages by a query
/// parameter — a page number or an offset, so page N is a plain GET a link can carry —
/// and the total the answer says. With both, the pane's list jumps as the grid's does
/// (End asks the last page only); otherwise it walks its `next` links.
///
/// A reference, so an item (`JSONItem.listPages`) holds one word for it: only a linked
/// list's first page has one.
public final class LinkedListPages: Sendable, Hashable {
    /// Page N of the list, when its dialect addresses pages by a query parameter.
    public let pages: AnyAPIPages?
    /// The entries the answer says the list has.
    public let total: Int?

    public init(pages: AnyAPIPages?, total: Int?) {
        self.pages = pages
        self.total = total
    }

    /// What `response` (the answer at `url`, a page of a list) says of the list's paging;
    /// nil when it is not a list the detector reads.
    public static func read(_ response: HTTPResponse, at url: URL) -> LinkedListPages? {
        guard let reading = try? DialectDetector.detect(response, for: url),
              let root = try? JSONNode.parse(response.body).node else { return nil }
        let total = DialectDetector.total(root, response: response, pageSize: reading.pageSize)
        // A `Range` window is a header, not a link: such a list walks.
        let byQuery: Bool = switch reading.addressing {
        case .pageParam?, .offsetParam?: true
        case .rangeHeader?, nil: false
        }
        return LinkedListPages(pages: byQuery ? AnyAPIPages(url: url, reading: reading) : nil, total: total)
    }

    public static func == (a: LinkedListPages, b: LinkedListPages) -> Bool {
        a.total == b.total && a.pages?.url == b.pages?.url && a.pages?.reading == b.pages?.reading
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(total)
        hasher.combine(pages?.url)
    }
}
