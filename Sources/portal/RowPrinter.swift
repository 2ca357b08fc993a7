import Foundation
import PortalCore

/// Formats PokeAPI list entries and PostgREST rows for `portal list`: `id  name` as text,
/// or the JSON as served (`--json`). Everything passes through `Sanitize`.
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
            return Sanitize.line(w.string)
        }
        return "\(ItemPrinter.pad(String(p.id), 5, right: true))  \(Sanitize.line(p.name))"
    }

    func line(_ row: Row) -> String {
        if json { return Sanitize.line(row.json) }
        return "\(ItemPrinter.pad(row.id, 5, right: true))  \(Sanitize.line(row.name ?? ""))"
    }
}
