import Foundation

/// How a linked list (a list a pane opened from a link, any API) pages, read from its
/// first answer by the detector `--url` uses (`LinkedListPages.read`, PortalPaging): its pages value when the dialect addresses pages by a query
/// parameter — a page number or an offset, so page N is a plain GET a link can carry —
/// and the total the answer says. With both, the pane's list jumps as the grid's does
/// (End asks the last page only); otherwise it walks its `next` links.
///
/// A reference, so an item (`Record.listPages`) holds one word for it: only a linked
/// list's first page has one.
public final class LinkedListPages: Sendable, Hashable {
    /// Page N of the list, when its dialect addresses pages by a query parameter.
    public let pages: (any LinkedPageAddressing)?
    /// The entries the answer says the list has.
    public let total: Int?

    public init(pages: (any LinkedPageAddressing)?, total: Int?) {
        self.pages = pages
        self.total = total
    }

    public static func == (a: LinkedListPages, b: LinkedListPages) -> Bool {
        a.total == b.total && (a.pages.map { $0.isSame(as: b.pages) } ?? (b.pages == nil))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(total)
        if let pages { hasher.combine(pages) }
    }
}

/// Pages a linked list's first page can carry (PortalPaging's `AnyAPIPages`): addressed
/// by number, and values, so two readings of one list compare equal.
public protocol LinkedPageAddressing: PageAddressable, Hashable {}

extension LinkedPageAddressing {
    /// Whether `other` is these pages.
    func isSame(as other: (any LinkedPageAddressing)?) -> Bool { (other as? Self) == self }
}
