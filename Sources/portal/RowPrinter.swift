import Foundation
import PortalCore

/// Formats PokeAPI list entries and PostgREST rows for `portal list`: `id  name` as text
/// (through `Sanitize`), or the JSON as served (`--json`: every scalar kept, controls as
/// JSON escapes, `ExportJSON`).
struct RowPrinter {
    let json: Bool

    /// A PokeAPI list entry: `{name, url}`, the URL built under `base` as the server
    /// builds it (`…/pokemon/{id}/`).
    func line(_ p: Pokemon, base: BaseURL) -> String {
        if json {
            var w = JSONWriter()
            w.beginObject()
            w.field("name", p.name)
            w.field("url", base + "/pokemon/\(p.id)/")
            w.endObject()
            return w.string
        }
        return "\(ItemPrinter.pad(String(p.id), 5, right: true))  \(Sanitize.line(p.name))"
    }

    func line(_ row: Row) -> String {
        if json { return ExportJSON.oneLine(row.json) }
        return "\(ItemPrinter.pad(row.id, 5, right: true))  \(Sanitize.line(row.name ?? ""))"
    }

    /// An item of any API: `title  field  field` as text — with a card spec, `title  badge
    /// subtitle` (`S01E01 Pilot  December 2, 2013`) — the object as served with `--json`.
    func line(_ item: JSONItem) -> String {
        if json { return ExportJSON.oneLine(item.row.json) }
        let fields = item.card.spec.card.map { card in
            [card.badge?.field, card.subtitle].compactMap { $0 }.map { SpecTemplate.shown($0, in: item.row) }.filter { !$0.isEmpty }
        } ?? item.cardFields().map { "\($0.name)=\($0.value)" }
        let id = item.row["id"].map { ItemPrinter.pad($0.description, 5, right: true) + "  " } ?? ""
        return (id + ([ItemPrinter.pad(item.title, 30)] + fields.map { Sanitize.line($0) }).joined(separator: "  "))
            .trimmingCharacters(in: .whitespaces)
    }
}
