import Foundation

/// How a table's rows become items: a table the preset files name (`cards`, by the list's
/// name: postgrest.toml's `pokemon`) has its rows shown as that list's records, whatever
/// columns they hold (`select=id,name` too); a table they do not name gets the
/// heuristics — a row shaped as a list of theirs (a `species`: a character, an
/// `air_date`, `residents`, a `height`) is a record of that list, any other row stays a `Row`.
public enum TableItems {
    /// The row as a record of the list named `kind` when `cards` has it, else of the list
    /// its columns tell, else `.row(row, kind:)`.
    public static func item(_ row: Row, kind: ItemKind, cards: [ItemKind: JSONCardChoice] = [:]) -> Item {
        if let card = cards[kind] { return .json(JSONItem(row: row, card: card), kind: kind) }
        // A row is a record of the list whose telling column it has (`species`: a character).
        for (column, list) in [("species", ItemKind.character), ("air_date", .episode), ("residents", .location), ("height", .pokemon)] where row[column] != nil {
            if let card = cards[list] { return .json(JSONItem(row: row, card: card), kind: list) }
        }
        return .row(row, kind: kind)
    }

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
