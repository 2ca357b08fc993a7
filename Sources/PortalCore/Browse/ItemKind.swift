/// What kind of thing an item is: a resource of an API (`character`, `episode`,
/// `location`, …). A string underneath, so a source can name kinds the client has never
/// seen (a PostgREST table) without a new enum case.
public struct ItemKind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let character = ItemKind(rawValue: "character")
    public static let episode = ItemKind(rawValue: "episode")
    public static let location = ItemKind(rawValue: "location")
    public static let pokemon = ItemKind(rawValue: "pokemon")
    /// Whatever a followed URL of any API answered (`ItemLink`): its id is the URL's number.
    public static let link = ItemKind(rawValue: "link")

    public var description: String { rawValue }
}

/// The identity of an item across every list of a source: its kind and its key (an
/// integer, a string, several fields: `RecordKey`, never hashed). Names are never
/// identity (several characters share one).
public struct ItemKey: Sendable, Hashable, CustomStringConvertible {
    public var kind: ItemKind
    public var id: RecordKey

    public init(_ kind: ItemKind, _ id: RecordKey) {
        self.kind = kind
        self.id = id
    }

    public init(_ kind: ItemKind, _ id: Int) {
        self.init(kind, .number(id))
    }

    public var description: String { "\(kind.rawValue)/\(id)" }
}
