import Foundation

/// How a table's rows become items: a row whose columns are a model's (a characters
/// table copied from the Rick and Morty API, a pokemon table like the seed data) is that
/// model, with its card and links; a row shaped as an episode or a location (`air_date`,
/// `residents`) is a record of that list of `cards` (the Rick and Morty preset's); any
/// other row stays a `Row`.
public enum TableItems {
    /// The row as a model when it decodes as one, as a record when `cards` has its list,
    /// else `.row(row, kind:)`.
    public static func item(_ row: Row, kind: ItemKind, cards: [ItemKind: JSONCardChoice] = [:]) -> Item {
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
