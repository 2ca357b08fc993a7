import Foundation
import PortalCore
import PortalExport

/// Formats PostgREST rows and records for `portal list`: `id  name` as text (through
/// `Sanitize`), or the JSON as served (`--json`: every scalar kept, controls as JSON
/// escapes, `ExportJSON`).
struct RowPrinter {
    let json: Bool

    func line(_ row: Row) -> String {
        if json { return ExportJSON.oneLine(row.json) }
        return "\(ItemPrinter.pad(row.id, 5, right: true))  \(Sanitize.line(row.name ?? ""))"
    }

    /// An item of any API: `id  title  field  field` as text — with a card spec, `id  title
    /// badge  subtitle` (`    1  S01E01 Pilot  December 2, 2013`; a line the record does
    /// not fill left out, so a PokeAPI entry is `    1  bulbasaur`, its id the key its
    /// `url` names) — the object as served with `--json`.
    func line(_ item: Record) -> String {
        if json || item.card.spec.layout == .columns { return line(item.row) }
        let fields = item.card.spec.card.map { card in
            [card.badge?.field, card.subtitle].compactMap { $0 }.map { SpecTemplate.shown($0, in: item.row) }.filter { !$0.isEmpty }
        } ?? item.cardFields().map { "\($0.name)=\($0.value)" }
        let id = item.keyedRow["id"].map { ItemPrinter.pad($0.description, 5, right: true) + "  " } ?? ""
        var line = id + ([ItemPrinter.pad(item.title, 30)] + fields.map { Sanitize.line($0) }).joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        return line
    }
}
