import Foundation

/// The value formats a card line or detail field names after a `|` that read more than
/// one scalar (`list`) or change a number (`divide N`): PokeAPI's `types` as
/// `grass · poison`, its heights in decimetres as metres.
enum SpecFormat {
    /// The scalars at a dotted path, a path through an array going on in each element
    /// (`types.type.name` over `[{"type":{"name":"grass"}}, …]`): strings as they are,
    /// numbers and booleans as written; nil when the path names nothing.
    static func values(at path: String, in row: Row) -> [String]? {
        let keys = path.split(separator: ".").map(String.init)
        guard let first = keys.first, let value = row[first] else { return nil }
        switch value {
        case .json(let text):
            guard let node = try? JSONNode.parse(Data(text.utf8)).node else { return nil }
            var out: [String] = []
            collect(node, Array(keys.dropFirst()), into: &out)
            return out
        case .null: return nil
        case let scalar: return keys.count == 1 ? [scalar.description] : nil
        }
    }

    private static func collect(_ node: JSONNode, _ keys: [String], into out: inout [String]) {
        if let elements = node.elements {
            for element in elements { collect(element.node, keys, into: &out) }
            return
        }
        if let key = keys.first {
            guard let next = node.at([key]) else { return }
            collect(next, Array(keys.dropFirst()), into: &out)
            return
        }
        switch node {
        case .string(let s): out.append(s)
        case .number(let n): out.append(n)
        case .bool(let b): out.append(b ? "true" : "false")
        case .null, .array, .object: break
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
