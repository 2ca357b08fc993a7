/// A text naming fields in braces (`"/avatars/{uid}.png"`, `"{species} · {type}"`): a
/// picture URL template, or a card line made of several fields.
public struct SpecTemplate: Sendable {
    /// In order: the literal text before each field, and the field (nil after the last).
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

    /// Each field's value (as `JSONItem.value(at:in:)` shows it) put in its place through
    /// `encode`; nil when a field is missing or null.
    public func filled(from row: Row, encode: (String) -> String = { $0 }) -> String? {
        var out = ""
        for part in parts {
            out += part.text
            guard let field = part.field else { continue }
            guard let value = JSONItem.value(at: field, in: row), value != "null" else { return nil }
            out += encode(value)
        }
        return out
    }

    /// For a card line: the fields that have a value, each with the text before it (the
    /// text before the first field kept whatever it holds), so `{species} · {type}` is
    /// `Human` when `type` is empty.
    public func line(from row: Row) -> String {
        var out = parts.first?.text ?? ""
        var shown = false
        for (index, part) in parts.enumerated() {
            guard let field = part.field else {
                if index > 0, shown { out += part.text }
                continue
            }
            guard let value = JSONItem.value(at: field, in: row), value != "null", !value.isEmpty else { continue }
            out += (index > 0 && shown ? part.text : "") + value
            shown = true
        }
        return out
    }
}
