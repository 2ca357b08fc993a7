import Foundation
import PortalCore

/// An object of any API (`portal --url`): the card is its title (`name`, `title`,
/// `full_name`, `login`, `label`, else the id) over its most telling short fields (or
/// `--fields`); the pane shows every field as a tree — nested objects and arrays opened
/// to `JSONTree.openDepth`, longer arrays cut after `JSONTree.arrayItems` — with each
/// same-origin URL in it a link Enter follows.
enum JSONItemDescription: ItemDescription {
    static func card(_ item: JSONItem) -> CardContent {
        let fields = item.cardFields()
        return CardContent(lines: [[Span(Sanitize.shown(item.title), Style(bold: true))]] + fields.map { field in
            [Span(Sanitize.shown(field.name) + " ", Style(dim: true)), Span(Sanitize.shown(field.value))]
        } + Array(repeating: [], count: max(0, 2 - fields.count)))
    }

    static func detail(_ item: JSONItem) -> DetailContent {
        DetailContent(title: Sanitize.shown(item.title), fields: JSONTree.fields(item.row, linkOrigin: item.card.linkOrigin))
    }

    static func relatedLine(_ item: JSONItem) -> [Span] { [Span(Sanitize.shown(item.title))] }

    static func crumb(_ item: JSONItem) -> String { Sanitize.shown(item.title) }
}

/// Every field of a JSON object as pane rows, nested values indented under their key.
enum JSONTree {
    /// Nested objects and arrays are opened this deep; deeper ones show their size.
    static let openDepth = 2
    /// An array shows this many elements, then "… N more".
    static let arrayItems = 5
    /// Rows a pane gets at most (a huge object stays cheap to draw).
    static let maxRows = 400

    static func fields(_ row: Row, linkOrigin: String?) -> [DetailField] {
        var rows: [DetailField] = []
        let add = { (label: String, node: JSONNode, depth: Int, rows: inout [DetailField]) in
            Self.add(label, node, depth: depth, origin: linkOrigin, into: &rows)
        }
        for column in row.columns {
            guard rows.count < maxRows else { break }
            switch column.value {
            case .json(let text):
                let node = (try? JSONNode.parse(Data(text.utf8)))?.node
                add(Sanitize.shown(column.name), node ?? .string(text), 0, &rows)
            case .string(let s):
                add(Sanitize.shown(column.name), .string(s), 0, &rows)
            default:
                rows.append(DetailField(Sanitize.shown(column.name), Sanitize.shown(column.value.description)))
            }
        }
        return rows
    }

    private static func add(_ label: String, _ node: JSONNode, depth: Int, origin: String?, into rows: inout [DetailField]) {
        guard rows.count < maxRows else { return }
        let indent = String(repeating: "  ", count: depth)
        switch node {
        case .object(let fields):
            rows.append(DetailField(indent + label, fields.isEmpty ? "{}" : "{\(fields.count)}"))
            guard depth < openDepth else { return }
            for field in fields { add(Sanitize.shown(field.key), field.value.node, depth: depth + 1, origin: origin, into: &rows) }
        case .array(let items):
            rows.append(DetailField(indent + label, items.isEmpty ? "[]" : "[\(items.count)]"))
            guard depth < openDepth else { return }
            for (index, element) in items.prefix(arrayItems).enumerated() {
                add("\(index)", element.node, depth: depth + 1, origin: origin, into: &rows)
            }
            if items.count > arrayItems {
                rows.append(DetailField(indent + "  …", "\(items.count - arrayItems) more"))
            }
        case .string(let s):
            // A URL on the list's own server is a link: Enter fetches it into a new pane.
            let link = JSONLinks.isLink(s, origin: origin) ? ItemKey(JSONLinks.kind(JSONLinks.id(of: s)), JSONLinks.id(of: s)) : nil
            rows.append(DetailField(indent + label, Sanitize.shown(s), link: link))
        case .number(let n): rows.append(DetailField(indent + label, n))
        case .bool(let b): rows.append(DetailField(indent + label, b ? "true" : "false"))
        case .null: rows.append(DetailField(indent + label, "null"))
        }
    }
}
