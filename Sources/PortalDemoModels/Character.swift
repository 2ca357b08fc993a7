import Foundation

/// A character of the Rick and Morty API, kept compact so a million fit in memory.
///
/// Links to episodes and places are stored as ids, not URL strings; the URLs are rebuilt
/// from the list's base URL when needed (`APIJSONWriter`). Identity is `id`: several
/// characters share a name.
public struct Character: Sendable, Hashable, Identifiable {
    public var id: Int
    public var name: String
    public var status: CharacterStatus
    public var species: String
    public var type: String
    public var gender: CharacterGender
    public var origin: PlaceLink
    public var location: PlaceLink
    /// The number in the avatar URL (`…/avatar/N.jpeg`); equal to `id` on the real API.
    public var avatarID: Int32
    public var episodeIDs: [Int32]
    public var created: Date

    public init(
        id: Int, name: String, status: CharacterStatus, species: String, type: String,
        gender: CharacterGender, origin: PlaceLink, location: PlaceLink, avatarID: Int32? = nil,
        episodeIDs: [Int32], created: Date
    ) {
        self.id = id
        self.name = name
        self.status = status
        self.species = species
        self.type = type
        self.gender = gender
        self.origin = origin
        self.location = location
        self.avatarID = avatarID ?? Int32(truncatingIfNeeded: id)
        self.episodeIDs = episodeIDs
        self.created = created
    }
}

/// A named place a character comes from or is at; `locationID` is nil when the API
/// gives an empty URL (the name is then `unknown`).
public struct PlaceLink: Sendable, Hashable {
    public var name: String
    public var locationID: Int32?

    public init(name: String, locationID: Int32?) {
        self.name = name
        self.locationID = locationID
    }
}

/// `Alive`, `Dead` or `unknown` today; any other value the API may send tomorrow is kept
/// as it came (for display and re-encoding) and reads as `.unrecognized`.
public struct CharacterStatus: Sendable, Hashable, CustomStringConvertible {
    /// What the views switch on (colour of the status mark); `.unrecognized` is a value
    /// newer than this client.
    public enum Kind: Sendable { case alive, dead, unknown, unrecognized }
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let alive = CharacterStatus(rawValue: "Alive")
    public static let dead = CharacterStatus(rawValue: "Dead")
    public static let unknown = CharacterStatus(rawValue: "unknown")

    public var kind: Kind {
        switch rawValue {
        case "Alive": .alive
        case "Dead": .dead
        case "unknown": .unknown
        default: .unrecognized
        }
    }
    public var description: String { rawValue }
}

/// `Female`, `Male`, `Genderless` or `unknown`; anything else reads as `.unrecognized`.
public struct CharacterGender: Sendable, Hashable, CustomStringConvertible {
    /// The known values; `.unrecognized` is a value newer than this client.
    public enum Kind: Sendable { case female, male, genderless, unknown, unrecognized }
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public var kind: Kind {
        switch rawValue {
        case "Female": .female
        case "Male": .male
        case "Genderless": .genderless
        case "unknown": .unknown
        default: .unrecognized
        }
    }
    public var description: String { rawValue }
}
