import PortalCore

/// One picture asked for: the item it belongs to and where it is. Every picture effect
/// and answer carries it, so an answer is kept under the item it was asked for and a card
/// that now shows another item can never show it (the fast-scroll bug of the app portal
/// grew from, where a reused cell showed another Pokémon's sprite).
public struct PictureTicket: Sendable, Hashable, CustomStringConvertible {
    public var item: ItemKey
    public var request: HTTPRequest

    public init(item: ItemKey, request: HTTPRequest) {
        self.item = item
        self.request = request
    }

    public var description: String { "\(item.kind.rawValue) \(item.id) \(request.url.absoluteString)" }
}
