import Foundation

/// A URL in an item of an API portal has no description for (`portal --url`) that the
/// detail pane can follow: the address itself, carried by the line that shows it, the
/// pane that follows it and the effect that fetches it, so no source has to remember the
/// URLs it has seen (a `Source` holds no mutable state) and no kind string has to hide one.
///
/// What is there is known once it answers: an object (shown as the item) or a list (its
/// first page, whose `next` is again an `ItemLink`).
public struct ItemLink: Sendable, Hashable, CustomStringConvertible {
    /// Where it leads, as written in the answer (checked to be on the list's origin).
    public let url: URL
    /// Its identity for the pane and the item cache: kind `.link`, the URL's normal form
    /// (`NormalisedURL`, never hashed), so every spelling of one URL is one item.
    public let key: ItemKey

    public init(url: URL) {
        self.url = url
        self.key = ItemKey(.link, .link(NormalisedURL.of(url.absoluteString)))
    }

    /// The link `text` is, if it is a URL on `origin` (an `Origin.description`).
    public init?(_ text: String, origin: String?) {
        guard JSONLinks.isLink(text, origin: origin), let url = URL(string: text) else { return nil }
        self.init(url: url)
    }

    /// Equal when they name the same URL, however it is spelled.
    public static func == (a: ItemLink, b: ItemLink) -> Bool { a.key == b.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    public var description: String { url.absoluteString }
}

/// Where a link in a detail pane leads: an item the source looks up by kind and id (a
/// character's origin, an episode of the related list), or a URL of any API.
public enum LinkTarget: Sendable, Hashable, CustomStringConvertible {
    case item(ItemKey)
    case url(ItemLink)

    /// The identity of what it leads to.
    public var key: ItemKey {
        switch self {
        case .item(let key): key
        case .url(let link): link.key
        }
    }

    public var description: String {
        switch self {
        case .item(let key): key.description
        case .url(let link): link.description
        }
    }
}
