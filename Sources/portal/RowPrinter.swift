import Foundation
import PortalCore

/// Formats PokeAPI list entries and PostgREST rows for `portal list`: `id  name` as text,
/// or the JSON as served (`--json`). Everything passes through `Sanitize`.
struct RowPrinter {
    let json: Bool

    func line(_ p: PokemonSummary) -> String {
        if json {
            var w = JSONWriter()
            w.beginObject()
            w.field("name", p.name)
            w.field("url", p.url)
            w.endObject()
            return Sanitize.line(w.string)
        }
        return "\(ItemPrinter.pad(String(p.id), 5, right: true))  \(Sanitize.line(p.name))"
    }

    func line(_ row: Row) -> String {
        if json { return Sanitize.line(row.json) }
        return "\(ItemPrinter.pad(row.id, 5, right: true))  \(Sanitize.line(row.name ?? ""))"
    }
}
