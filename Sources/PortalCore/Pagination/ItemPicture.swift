/// An item's picture as its source names it (`Source.pictureRequest(for:)`), with the
/// hashes it is looked up by made once: noted where a page is decoded, off the UI thread
/// (`PageContent.pictures`), it becomes the UI's picture ticket (`PictureTicket`) with no
/// URL parsed and nothing hashed there.
///
/// Why: making six new cards' tickets on the UI thread — an address parsed, the item's
/// kind and the address hashed — was a fifth of a page insert.
public struct ItemPicture: Sendable {
    public let item: ItemKey
    public let request: HTTPRequest
    /// `item.hashValue`: what the picture store's item → ticket memo is keyed by.
    public let itemHash: Int
    /// The item's and the address's hash together: what a ticket hashes as.
    public let identityHash: Int

    public init(item: ItemKey, request: HTTPRequest) {
        self.item = item
        self.request = request
        itemHash = item.hashValue
        var hasher = Hasher()
        hasher.combine(itemHash)
        hasher.combine(request.url.absoluteString)
        identityHash = hasher.finalize()
    }
}
