import Foundation
import PortalCore
import PortalJSON

/// Every field of a JSON object as pane rows, nested values indented under their key:
/// a tree the user folds and unfolds. Objects and arrays are open to `openDepth` unless
/// the pane's `folds` say otherwise; an array opened by default shows `arrayItems`
/// elements and a "… N more" row, one the user unfolded shows them all. A node shows its
/// size (`{12}`, `[51]`) with ▾ when open and ▸ when folded; values are coloured by type
/// (strings green, numbers yellow, booleans magenta, null dim) and long strings wrap.
enum JSONTree {
    /// Nested objects and arrays are opened this deep; deeper ones show their size.
    static let openDepth = 2
    /// An array opened by default shows this many elements, then "… N more".
    static let arrayItems = 5
    /// Rows a pane gets at most (a huge object stays cheap to draw).
    static let maxRows = 400

    static let stringStyle = Style(foreground: .green)
    static let numberStyle = Style(foreground: .yellow)
    static let boolStyle = Style(foreground: .magenta)
    static let nullStyle = Style(dim: true)
    static let sizeStyle = Style(foreground: .cyan)

    /// - Parameters:
    ///   - page: the row is a page of a linked list: its entries start folded, each a link
    ///     to the entry's own `url` when it has one on the list's origin.
    ///   - prefix: where the row's node paths start (the page's number in a pane of pages).
    static func fields(_ row: Row, linkOrigin: String?, folds: [String: Bool] = [:], page: Bool = false, prefix: String? = nil,
                       skipping skipped: Int = 0) -> [DetailField] {
        var tree = Builder(origin: linkOrigin, folds: folds, openDepth: page ? 0 : openDepth, page: page)
        for (index, column) in row.columns.enumerated() where index >= skipped {
            guard tree.rows.count < maxRows else { break }
            let node: JSONNode
            switch column.value {
            case .json(let text): node = (try? JSONNode.parse(Data(text.utf8)))?.node ?? .string(text)
            case .string(let s): node = .string(s)
            case .number(let n): node = .number(n)
            case .bool(let b): node = .bool(b)
            case .null: node = .null
            }
            tree.add(column.name, node, depth: 0, parent: prefix, path: DetailNode.child("\(index)", of: prefix))
        }
        return tree.rows
    }

    /// The rows built so far and what decides them.
    private struct Builder {
        let origin: String?
        let folds: [String: Bool]
        let openDepth: Int
        let page: Bool
        var rows: [DetailField] = []

        mutating func add(_ key: String, _ node: JSONNode, depth: Int, parent: String?, path given: String? = nil) {
            guard rows.count < maxRows else { return }
            let label = String(repeating: "  ", count: depth) + Sanitize.shown(key)
            let path = given ?? DetailNode.child(key, of: parent)
            switch node {
            case .object(let fields):
                guard !fields.isEmpty else { return leaf(label, "{}", sizeStyle, path, parent) }
                let open = folds[path] ?? (depth < openDepth)
                // An entry of a linked list leads to its own `url`, when it has one here.
                let url = page && depth == 0 ? node["url"]?.string : nil
                branch(label, "{\(fields.count)}", open: open, path, parent, link: url.flatMap(link(to:)))
                guard open else { return }
                for field in fields { add(field.key, field.value.node, depth: depth + 1, parent: path) }
            case .array(let items):
                guard !items.isEmpty else { return leaf(label, "[]", sizeStyle, path, parent) }
                let open = folds[path] ?? (depth < openDepth)
                branch(label, "[\(items.count)]", open: open, path, parent)
                guard open else { return }
                // Unfolded by the user: every element (within `maxRows`); by default the first few.
                let shown = folds[path] == true ? items.count : min(items.count, arrayItems)
                for (index, element) in items.prefix(shown).enumerated() {
                    add("\(index)", element.node, depth: depth + 1, parent: path)
                }
                if items.count > shown, rows.count < maxRows {
                    let indent = String(repeating: "  ", count: depth + 1)
                    rows.append(DetailField(indent + "…", "\(items.count - shown) more  → all", valueStyle: Style(dim: true),
                                            node: DetailNode(path: path, parent: parent, shape: .more)))
                }
            case .string(let s):
                // A URL on the list's own server is a link: Enter fetches it into a new pane.
                rows.append(DetailField(label, Sanitize.line(s, limit: 16_384), link: link(to: s), valueStyle: stringStyle,
                                        node: DetailNode(path: path, parent: parent, shape: .leaf), wraps: true))
            case .number(let n): leaf(label, n, numberStyle, path, parent)
            case .bool(let b): leaf(label, b ? "true" : "false", boolStyle, path, parent)
            case .null: leaf(label, "null", nullStyle, path, parent)
            }
        }

        private mutating func leaf(_ label: String, _ value: String, _ style: Style, _ path: String, _ parent: String?) {
            rows.append(DetailField(label, value, valueStyle: style, node: DetailNode(path: path, parent: parent, shape: .leaf)))
        }

        /// The link a string is: a URL on the list's origin.
        private func link(to s: String) -> LinkTarget? {
            ItemLink(s, origin: origin).map(LinkTarget.url)
        }

        private mutating func branch(_ label: String, _ size: String, open: Bool, _ path: String, _ parent: String?, link: LinkTarget? = nil) {
            rows.append(DetailField(label, (open ? "▾ " : "▸ ") + size, link: link, valueStyle: sizeStyle,
                                    node: DetailNode(path: path, parent: parent, shape: open ? .open : .folded)))
        }
    }
}
