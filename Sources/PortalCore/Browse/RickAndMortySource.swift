import Foundation

/// The Rick and Morty API (or the offline snapshot, which answers the same way): three
/// tabs — characters, episodes, locations — with the server's own filters, multi-id
/// lookups (`/episode/1,2,3`) and avatars.
public struct RickAndMortySource: Source {
    /// The API root, e.g. `https://rickandmortyapi.com/api`, without a trailing slash.
    public let baseURL: String

    public init(baseURL: String) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
    }

    public var title: String { "Rick and Morty" }

    public var tabs: [TabSpec] {
        [
            TabSpec(kind: .character, title: "Characters", filters: [
                FilterSpec(key: "status", label: "Status", choices: ["Alive", "Dead", "unknown"]),
                FilterSpec(key: "gender", label: "Gender", choices: ["Female", "Male", "Genderless", "unknown"]),
                FilterSpec(key: "species", label: "Species", example: "Human"),
                FilterSpec(key: "type", label: "Type", example: "Parasite"),
            ]),
            TabSpec(kind: .episode, title: "Episodes", filters: [
                FilterSpec(key: "episode", label: "Code", example: "S03"),
            ]),
            TabSpec(kind: .location, title: "Locations", filters: [
                FilterSpec(key: "type", label: "Type", example: "Planet"),
                FilterSpec(key: "dimension", label: "Dimension", example: "C-137"),
            ]),
        ]
    }

    /// The API's resource for a kind; nil for a kind this API does not have.
    static func resource(_ kind: ItemKind) -> Resource? { Resource(rawValue: kind.rawValue) }

    public func firstPage(for query: ListQuery) -> PageRequest {
        // An unknown kind lists characters: the tabs never name one, so this is a guard only.
        let resource = Self.resource(query.kind) ?? .character
        return PageRequest(url: APIRequest.list(resource, filters: query.pairs).url(base: baseURL), index: 0)
    }

    public func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        let request0 = APIRequest.list(Self.resource(query.kind) ?? .character, filters: query.pairs)
        switch Self.resource(query.kind) ?? .character {
        case .character:
            return try RickAndMortyPages<Character>(baseURL: baseURL, request: request0).decode(response, for: request).map(Item.character)
        case .episode:
            return try RickAndMortyPages<Episode>(baseURL: baseURL, request: request0).decode(response, for: request).map(Item.episode)
        case .location:
            return try RickAndMortyPages<Location>(baseURL: baseURL, request: request0).decode(response, for: request).map(Item.location)
        }
    }

    public func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? {
        guard let resource = Self.resource(kind), !ids.isEmpty else { return nil }
        return HTTPRequest(url: APIRequest.items(resource, ids: ids).url(base: baseURL))
    }

    public func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] {
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        guard let resource = Self.resource(kind) else { throw PageFailure(.malformed, "no \(kind) in this API") }
        // An array for several ids (and for `[n]`); a server that answers one id with an
        // object is read too.
        switch resource {
        case .character: return try Self.read(Character.self, response.body).map(Item.character)
        case .episode: return try Self.read(Episode.self, response.body).map(Item.episode)
        case .location: return try Self.read(Location.self, response.body).map(Item.location)
        }
    }

    static func read<Model: APIDecodable>(_ type: Model.Type, _ body: Data) throws(PageFailure) -> [Model] {
        if let list = try? Model.readArray(body) { return list }
        if let one = try? Model.readOne(body) { return [one] }
        throw PageFailure(.malformed, "malformed \(String(describing: Model.self).lowercased()) list")
    }

    /// A character's avatar, `{base}/character/avatar/{n}.jpeg` (on the API's own server).
    public func pictureRequest(for item: Item) -> HTTPRequest? {
        guard case .character(let c) = item else { return nil }
        return URL(string: "\(baseURL)/character/avatar/\(c.avatarID).jpeg").map { HTTPRequest(url: $0) }
    }
}
