import Foundation
import PortalCore

/// How a table's rows become items: a table the preset files name (`cards`, by the list's
/// name: postgrest.toml's `pokemon`) has its rows shown as that list's records, whatever
/// columns they hold (`select=id,name` too); a table they do not name gets the
/// heuristics — a row shaped as a list of theirs (a `species`: a character, an
/// `air_date`, `residents`, a `height`) is a record of that list, any other row a record
/// of its table shown as columns (`columns`).
public enum TableItems {
    /// The row as a record of the list named `kind` when `cards` has it, else of the list
    /// its columns tell, else a record of its table (`columns`).
    public static func item(_ row: Row, kind: ItemKind, cards: [ItemKind: JSONCardChoice] = [:]) -> Item {
        if let card = cards[kind] { return Item(Record(row: row, card: card), kind: kind) }
        // A row is a record of the list whose telling column it has (`species`: a character).
        for (column, list) in [("species", ItemKind.character), ("air_date", .episode), ("residents", .location), ("height", .pokemon)] where row[column] != nil {
            if let card = cards[list] { return Item(Record(row: row, card: card), kind: list) }
        }
        return Self.row(row, kind: kind)
    }

    /// The row as a record of its table, as served: keyed by its `id` column (its
    /// position when it has none), shown as columns (`RecordLayout.columns`).
    public static func row(_ row: Row, kind: ItemKind) -> Item { Item(Record(row: row, card: columns), kind: kind) }

    /// The card choice every table without a spec shares: one object, not one per row.
    public static let columns = JSONCardChoice(fields: nil, spec: ListSpec(key: ["id"], layout: .columns))

    /// The table a model's links are looked up in: the plural the Supabase copies of the
    /// APIs use (`characters`, `episodes`, `locations`), `pokemon`, else the kind's name.
    public static func table(for kind: ItemKind) -> String {
        switch kind {
        case .character: "characters"
        case .episode: "episodes"
        case .location: "locations"
        default: kind.rawValue
        }
    }
}
