/// The three resources of the Rick and Morty API, with the rules the server applies to
/// each (which query keys it accepts as filters, what it says for an unknown id).
public enum Resource: String, CaseIterable, Sendable, Hashable {
    case character, location, episode

    /// The query keys the server accepts as filters, in its own order. Any other key is
    /// ignored and dropped from `next`.
    public var allowedFilters: [String] {
        switch self {
        case .character: ["name", "status", "species", "type", "gender"]
        case .location: ["name", "type", "dimension"]
        case .episode: ["name", "episode"]
        }
    }

    /// The body of a 404 for an unknown id.
    public var notFoundMessage: String {
        switch self {
        case .character: "Character not found"
        case .location: "Location not found"
        case .episode: "Episode not found"
        }
    }

    /// The plural used by the API root and the command line.
    public var plural: String { rawValue + "s" }

    public init?(plural: String) {
        guard let match = Resource.allCases.first(where: { $0.plural == plural }) else { return nil }
        self = match
    }
}

/// Facts about the Rick and Morty API that both a client and an emulated server need.
public enum RickAndMortyAPI {
    /// The error text of a 404 past the end of a list (and of an empty search).
    public static let nothingHere = "There is nothing here"
    /// The fixed page size of every list.
    public static let pageSize = 20
}
