import Foundation
import PortalJSON

/// A text naming fields in braces (`"/avatars/{uid}.png"`, `"{species} · {type}"`): a
/// picture URL template, or a card line made of several fields. In a card line a field
/// may say how it is shown after a `|` (`SpecTemplate.Shown`): `{residents|count resident}`
/// is `27 residents`, `{type|or —}` is `—` when `type` is empty.
public struct SpecTemplate: Sendable {
    /// In order: the literal text before each field, and the field (nil after the last),
    /// as written between the braces (its `|` part included).
    public let parts: [(text: String, field: String?)]

    public init(_ template: String) {
        var parts: [(text: String, field: String?)] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            parts.append((String(rest[..<open]), String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        parts.append((String(rest), nil))
        self.parts = parts
    }

    /// Whether `text` names a field in braces.
    public static func isTemplate(_ text: String) -> Bool { SpecTemplate(text).parts.count > 1 }

    /// The fields named, without their `|` parts (`{residents|count}` names `residents`).
    public var fields: [String] { parts.compactMap { $0.field.map { Shown($0).field } } }

    /// Each field's value (as `Record.value(at:in:)` shows it) put in its place through
    /// `encode`; nil when a field is missing or null.
    public func filled(from row: Row, encode: (String) -> String = { $0 }) -> String? {
        var out = ""
        for part in parts {
            out += part.text
            guard let field = part.field else { continue }
            guard let value = Record.value(at: field, in: row), value != "null" else { return nil }
            out += encode(value)
        }
        return out
    }

    /// For a card line: the fields that have a value, each with the text before it (the
    /// text before the first field kept whatever it holds), so `{species} · {type}` is
    /// `Human` when `type` is empty; empty when no field has a value (`#{id}` of a record
    /// with no `id` is no `#`).
    public func line(from row: Row) -> String {
        var out = parts.first?.text ?? ""
        var shown = false
        for (index, part) in parts.enumerated() {
            guard let field = part.field else {
                if index > 0, shown { out += part.text }
                continue
            }
            guard let value = Shown(field).value(in: row) else { continue }
            out += (index > 0 && shown ? part.text : "") + value
            shown = true
        }
        return shown ? out : ""
    }

    /// A card line written as one field or as a template, as shown: the field's value (empty,
    /// null or missing as ""), or the template's line.
    public static func shown(_ written: String, in row: Row) -> String {
        guard isTemplate(written) else { return Shown(written).value(in: row) ?? "" }
        return SpecTemplate(written).line(from: row)
    }

    /// One field of a card line and how it is shown: as it is; `count` — how many an array
    /// or object holds (`19`), `count NOUN` with the noun (`1 resident`, `27 residents`);
    /// `or TEXT` — the text when the field is empty, null or missing; `list` — an array's
    /// values joined by ` · `, a path through an array taking that field of each element
    /// (`{types.type.name|list}` is `grass · poison`); `divide N` — an integer divided by
    /// a power of ten, with as many decimals (`{height|divide 10}`: 7 is `0.7`).
    public struct Shown: Sendable {
        public let field: String
        let how: How?

        enum How {
            case count(noun: String?)
            case or(String)
            case list
            /// By 10^digits.
            case divide(digits: Int)
        }

        public init(_ written: String) {
            guard let bar = written.firstIndex(of: "|") else {
                field = written
                how = nil
                return
            }
            field = String(written[..<bar])
            let rest = written[written.index(after: bar)...]
            let word = rest.prefix { $0 != " " }
            let argument = rest.dropFirst(word.count).drop { $0 == " " }
            switch word {
            case "count": how = .count(noun: argument.isEmpty ? nil : String(argument))
            case "or": how = .or(String(argument))
            case "list": how = .list
            case "divide": how = SpecFormat.powerOfTen(String(argument)).map { .divide(digits: $0) }
            default: how = nil
            }
        }

        /// The value as shown; nil when there is none to show.
        public func value(in row: Row) -> String? {
            let value = Record.value(at: field, in: row).flatMap { $0 == "null" || $0.isEmpty ? nil : $0 }
            switch how {
            case nil: return value
            case .or(let text)?: return value ?? text
            case .list?:
                let values = SpecFormat.values(at: field, in: row) ?? []
                return values.isEmpty ? nil : values.joined(separator: " · ")
            case .divide(let digits)?: return value.map { SpecFormat.divided($0, digits: digits) }
            case .count(let noun)?:
                guard let n = Self.count(field, in: row) else { return nil }
                guard let noun else { return String(n) }
                return "\(n) " + (n == 1 ? noun : noun + "s")
            }
        }

        /// How many elements the array (or fields the object) at `path` holds; nil when
        /// there is neither.
        public static func count(_ path: String, in row: Row) -> Int? {
            if !path.contains("."), case .json(let text)? = row[path] {
                guard let node = try? JSONNode.parse(Data(text.utf8)).node else { return nil }
                return node.elements?.count ?? node.fields?.count
            }
            guard let value = Record.value(at: path, in: row), value.count > 2,
                  value.hasPrefix("[") && value.hasSuffix("]") || value.hasPrefix("{") && value.hasSuffix("}") else { return nil }
            return Int(value.dropFirst().dropLast())
        }
    }
}
