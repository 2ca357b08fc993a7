import Foundation

/// An episode of the Rick and Morty API; `code` is the API's `episode` field (`S01E01`).
public struct Episode: Sendable, Hashable, Identifiable {
    public var id: Int
    public var name: String
    /// As the API writes it, e.g. `December 2, 2013`.
    public var airDate: String
    public var code: String
    public var characterIDs: [Int32]
    public var created: Date

    public init(id: Int, name: String, airDate: String, code: String, characterIDs: [Int32], created: Date) {
        self.id = id
        self.name = name
        self.airDate = airDate
        self.code = code
        self.characterIDs = characterIDs
        self.created = created
    }
}

/// A location of the Rick and Morty API.
public struct Location: Sendable, Hashable, Identifiable {
    public var id: Int
    public var name: String
    public var type: String
    public var dimension: String
    public var residentIDs: [Int32]
    public var created: Date

    public init(id: Int, name: String, type: String, dimension: String, residentIDs: [Int32], created: Date) {
        self.id = id
        self.name = name
        self.type = type
        self.dimension = dimension
        self.residentIDs = residentIDs
        self.created = created
    }
}
