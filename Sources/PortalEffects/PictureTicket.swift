import PortalCore

/// One picture asked for: the item it belongs to and where it is. Every picture effect
/// and answer carries it, so an answer is kept under the item it was asked for and a card
/// that now shows another item can never show it (the fast-scroll bug of the app portal
/// grew from, where a reused cell showed another Pokémon's sprite).
public struct PictureTicket: Sendable, Hashable, CustomStringConvertible {
    public let item: ItemKey
    public let request: HTTPRequest
    /// The address's hash, made once: tickets are looked up many times a frame.
    private let addressHash: Int

    public init(item: ItemKey, request: HTTPRequest) {
        self.item = item
        self.request = request
        addressHash = request.url.absoluteString.hashValue
    }

    public static func == (a: PictureTicket, b: PictureTicket) -> Bool {
        a.item == b.item && a.addressHash == b.addressHash && a.request == b.request
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(item)
        hasher.combine(addressHash)
    }

    public var description: String { "\(item.kind.rawValue) \(item.id) \(request.url.absoluteString)" }
}
