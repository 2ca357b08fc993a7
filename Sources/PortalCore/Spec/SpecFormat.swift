import Foundation
import PortalJSON

/// The value formats a card line or detail field names after a `|` that read more than
/// one scalar (`list`) or change a number (`divide N`): PokeAPI's `types` as
/// `grass · poison`, its heights in decimetres as metres.
enum SpecFormat {
    /// The scalars at a dotted path, a path through an array going on in each element
    /// (`types.type.name` over `[{"type":{"name":"grass"}}, …]`): strings as they are,
    /// numbers and booleans as written; nil when the path names nothing.
    static func values(at path: String, in row: Row) -> [String]? {
        walk(path, in: row)?.values
    }

    /// The scalars of an array at `path`, or that a path through an array reaches; nil when
    /// the path meets no array, names nothing, or ends on an object (or an array of them).
    static func listed(at path: String, in row: Row) -> [String]? {
        guard let walked = walk(path, in: row), walked.metArray, walked.scalarsOnly else { return nil }
        return walked.values
    }

    /// What a walk down `path` found: the scalars in order, whether it went through an
    /// array, and whether every end it reached was a scalar (or null).
    private struct Walk {
        var values: [String] = []
        var metArray = false
        var scalarsOnly = true
    }

    private static func walk(_ path: String, in row: Row) -> Walk? {
        let keys = path.split(separator: ".").map(String.init)
        guard let first = keys.first, let value = row[first] else { return nil }
        switch value {
        case .json(let text):
            guard let node = try? JSONNode.parse(Data(text.utf8)).node else { return nil }
            var walked = Walk()
            collect(node, keys.dropFirst(), into: &walked)
            return walked
        case .null: return nil
        case let scalar: return keys.count == 1 ? Walk(values: [scalar.description]) : nil
        }
    }

    private static func collect(_ node: JSONNode, _ keys: ArraySlice<String>, into walked: inout Walk) {
        if let elements = node.elements {
            walked.metArray = true
            for element in elements { collect(element.node, keys, into: &walked) }
            return
        }
        if let key = keys.first {
            guard let next = node.at([key]) else { return }
            collect(next, keys.dropFirst(), into: &walked)
            return
        }
        switch node {
        case .string(let s): walked.values.append(s)
        case .number(let n): walked.values.append(n)
        case .bool(let b): walked.values.append(b ? "true" : "false")
        case .null, .array: break
        case .object: walked.scalarsOnly = false
        }
    }

    /// The number of zeros of `text` when it is a power of ten (`10` → 1, `1000` → 3).
    static func powerOfTen(_ text: String) -> Int? {
        guard text.hasPrefix("1"), text.count > 1, text.count <= 10, text.dropFirst().allSatisfy({ $0 == "0" }) else { return nil }
        return text.count - 1
    }

    /// An integer's text divided by 10^digits, with `digits` decimals (`69`, 1 → `6.9`;
    /// `-5`, 1 → `-0.5`); any other text as it is.
    static func divided(_ text: String, digits: Int) -> String {
        guard let value = Int(text) else { return text }
        let sign = value < 0 ? "-" : ""
        let magnitude = String(value.magnitude)
        let padded = String(repeating: "0", count: max(0, digits + 1 - magnitude.count)) + magnitude
        return sign + padded.dropLast(digits) + "." + padded.suffix(digits)
    }
}

/// A record's value as the table view (`t`) shows it: an array of scalars, or the values a
/// path through an array reaches (`types.type.name`), as those values joined by `, `
/// (`grass, poison`) — a cell is one short line, where a card or pane joins by ` · `;
/// anything else as `Record.value(at:in:)` shows it. Machine outputs (`--json`, csv,
/// MCP) never read this: they keep the data as served.
public enum TableCellText {
    public static func value(at path: String, in row: Row) -> String? {
        if let values = SpecFormat.listed(at: path, in: row) { return values.joined(separator: ", ") }
        return Record.value(at: path, in: row)
    }
}
