import PortalCore

/// The three resources of the Rick and Morty API, with the rules the server applies to
/// each (which query keys it filters by, what it says for an unknown id).
public enum Resource: String, CaseIterable, Sendable, Hashable {
    case character, location, episode

    /// The query keys the server filters by, in its own order (any other it ignores and
    /// drops from `next`): how a request and the links the server writes are read back.
    /// What the browser offers for them (labels, choices, examples) is the preset file's
    /// (rickandmorty.toml's `filters`).
    public var allowedFilters: [String] {
        switch self {
        case .character: ["name", "status", "species", "type", "gender"]
        case .location: ["name", "type", "dimension"]
        case .episode: ["name", "episode"]
        }
    }

    /// The tab's title in the browser.
    public var title: String { plural.prefix(1).uppercased() + plural.dropFirst() }

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
