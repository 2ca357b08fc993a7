import PortalCore

/// The three resources of the Rick and Morty API, with the rules the server applies to
/// each (which query keys it accepts as filters, what it says for an unknown id).
public enum Resource: String, CaseIterable, Sendable, Hashable {
    case character, location, episode

    /// The filters the server accepts, in its own order, declared once: the emulated
    /// server reads their keys, the browser's tab (`RickAndMortySource`) its search and
    /// form, `portal list` its flags. Any other key is ignored and dropped from `next`.
    public var filters: [FilterSpec] {
        switch self {
        case .character: [
            FilterSpec(key: "name", label: "Name"),
            FilterSpec(key: "status", label: "Status", choices: ["Alive", "Dead", "unknown"]),
            FilterSpec(key: "species", label: "Species", example: "Human"),
            FilterSpec(key: "type", label: "Type", example: "Parasite"),
            FilterSpec(key: "gender", label: "Gender", choices: ["Female", "Male", "Genderless", "unknown"]),
        ]
        case .location: [
            FilterSpec(key: "name", label: "Name"),
            FilterSpec(key: "type", label: "Type", example: "Planet"),
            FilterSpec(key: "dimension", label: "Dimension", example: "C-137"),
        ]
        case .episode: [
            FilterSpec(key: "name", label: "Name"),
            FilterSpec(key: "episode", label: "Code", example: "S03"),
        ]
        }
    }

    /// The query keys the server accepts as filters, in its own order.
    public var allowedFilters: [String] { filters.map(\.key) }

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
