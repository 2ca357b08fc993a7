import Foundation
import PortalCore

/// How a table's rows become items: a table the preset files name (`cards`, by the list's
/// name: postgrest.toml's `pokemon`) has its rows shown as that list's records, whatever
/// columns they hold (`select=id,name` too); a row of a table they do not name is a
/// record of the list whose `recognised_by` field it has (rickandmorty.toml's `species`: a
/// character), any other row a record of its table shown as columns (`columns`).
public enum TableItems {
    /// The row as a record of the list named `kind` when `cards` has it, else of the list
    /// whose `recognised_by` field it holds (by the lists' names, so one row always reads
    /// alike), else a record of its table (`columns`).
    public static func item(_ row: Row, kind: ItemKind, cards: [ItemKind: JSONCardChoice] = [:]) -> Item {
        if let card = cards[kind] { return Item(Record(row: row, card: card), kind: kind) }
        let recognising = cards.lazy.filter { _, card in card.spec.recognisedBy.map { row[$0] != nil } ?? false }
        if let (list, card) = recognising.min(by: { $0.key.rawValue < $1.key.rawValue }) {
            return Item(Record(row: row, card: card), kind: list)
        }
        return Self.row(row, kind: kind)
    }

    /// The row as a record of its table, as served: keyed by its `id` column (its
    /// position when it has none), shown as columns (`RecordLayout.columns`).
    public static func row(_ row: Row, kind: ItemKind) -> Item { Item(Record(row: row, card: columns), kind: kind) }

    /// The card choice every table without a spec shares: one object, not one per row.
    public static let columns = JSONCardChoice(fields: nil, spec: ListSpec(key: ["id"], layout: .columns))
}
