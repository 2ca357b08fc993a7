import Foundation
import PortalJSON
import PortalCore

/// A list's first answer as the dialects read it to recognise themselves: the body
/// parsed once, the items' path and count, the `Link` header read, the URL asked.
public struct FirstAnswer {
    /// The URL the answer is for (the list's first page).
    public let url: URL
    public let response: HTTPResponse
    public let root: JSONNode
    /// The items' path in the body; empty for a top-level array.
    public let items: [String]
    /// How many items the answer holds.
    public let itemCount: Int
    /// The `Link` header, when the answer has one.
    public let link: LinkHeader?

    public init(url: URL, response: HTTPResponse, root: JSONNode, items: [String]) {
        self.url = url
        self.response = response
        self.root = root
        self.items = items
        self.itemCount = ((items.isEmpty ? root.elements : root.at(items)?.elements) ?? []).count
        self.link = response.headers["link"].map(LinkHeader.init)
    }
}
