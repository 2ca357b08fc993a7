/// What kind of thing an item is: the name of the list it belongs to (a preset file's
/// `character`, a PostgREST table, a saved API's list). A string underneath, so a source
/// can name kinds the engine has never seen; the engine names none but `link`.
public struct ItemKind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

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
