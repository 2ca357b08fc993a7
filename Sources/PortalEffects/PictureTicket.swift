import PortalCore

/// One picture asked for: the item it belongs to and where it is. Every picture effect
/// and answer carries it, so an answer is kept under the item it was asked for and a card
/// that now shows another item can never show it (the fast-scroll bug of the app portal
/// grew from, where a reused cell showed another Pokémon's sprite).
public struct PictureTicket: Sendable, Hashable, CustomStringConvertible {
    /// The item, its request and their hashes, made once (`ItemPicture`): tickets are
    /// looked up many times a frame (the plan's set, the store's entries and notes), and
    /// hashing the item's kind (a string) and the address each time was most of a lookup.
    public let picture: ItemPicture

    public var item: ItemKey { picture.item }
    public var request: HTTPRequest { picture.request }

    public init(item: ItemKey, request: HTTPRequest) {
        picture = ItemPicture(item: item, request: request)
    }

    /// A ticket from a picture noted where its page was decoded: nothing to hash again.
    public init(_ picture: ItemPicture) {
        self.picture = picture
    }

    public static func == (a: PictureTicket, b: PictureTicket) -> Bool {
        a.picture.identityHash == b.picture.identityHash && a.item == b.item && a.request == b.request
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(picture.identityHash)
    }

    public var description: String { "\(item.kind.rawValue) \(item.id) \(request.url.absoluteString)" }
}
