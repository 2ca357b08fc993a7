import PortalCore
import PortalJSON

/// Writes a tool's answer as compact JSON through the project's `JSONWriter`, with every
/// text from a server made data: control characters (C0 but the line feed and the tab,
/// DEL, C1) become U+FFFD and invisible reordering scalars are dropped (`Sanitize.lines`),
/// then JSON escapes what it must. Long strings are cut (`stringLimit`) where an answer
/// asks for compact rows.
struct AnswerJSON {
    var w = JSONWriter(reserving: 2048)

    var text: String { w.string }
    var byteCount: Int { w.bytes.count }

    /// Server text as an answer carries it.
    static func clean(_ text: String, limit: Int? = nil) -> String {
        guard let limit, text.utf8.count > limit else { return Sanitize.lines(text) }
        return Sanitize.lines(String(text.unicodeScalars.prefix(limit))) + "…"
    }

    mutating func beginObject() { w.beginObject() }
    mutating func endObject() { w.endObject() }
    mutating func beginArray() { w.beginArray() }
    mutating func endArray() { w.endArray() }
    mutating func key(_ name: String) { w.key(Self.clean(name, limit: 200)) }
    mutating func string(_ text: String) { w.string(Self.clean(text)) }
    mutating func int(_ number: Int) { w.int(number) }
    mutating func bool(_ flag: Bool) { w.bool(flag) }
    mutating func null() { w.null() }
    mutating func field(_ name: String, _ text: String) { key(name); string(text) }
    mutating func field(_ name: String, _ number: Int) { key(name); w.int(number) }
    mutating func field(_ name: String, _ flag: Bool) { key(name); w.bool(flag) }
    mutating func field(_ name: String, _ number: Int?) { key(name); if let number { w.int(number) } else { w.null() } }
    mutating func raw(_ json: String) { w.raw(json.utf8) }

    /// A value read from a server, rewritten: strings cleaned (and cut past
    /// `stringLimit` scalars), numbers as written, objects and arrays in order.
    /// `elementLimit` keeps an array's first elements only (an example, not the data).
    mutating func value(_ span: JSONSpan?, stringLimit: Int? = nil, elementLimit: Int? = nil) {
        guard let span else { return w.null() }
        switch span.node {
        case .null: w.null()
        case .bool(let flag): w.bool(flag)
        case .number(let digits): w.raw(digits.utf8)
        case .string(let text): w.string(Self.clean(text, limit: stringLimit))
        case .array(let elements):
            w.beginArray()
            for element in elements.prefix(elementLimit ?? elements.count) {
                value(element, stringLimit: stringLimit, elementLimit: elementLimit)
            }
            w.endArray()
        case .object(let fields):
            w.beginObject()
            for field in fields {
                key(field.key)
                value(field.value, stringLimit: stringLimit, elementLimit: elementLimit)
            }
            w.endObject()
        }
    }

    /// `name`: an array of strings (a rows answer's `columns`).
    mutating func strings(_ name: String, _ values: [String]) {
        key(name)
        w.beginArray()
        for value in values { string(value) }
        w.endArray()
    }

    /// One compact row: `record`'s values at `columns`, in order, as a JSON array's text.
    static func row(_ record: MCPRecord, _ columns: [String], stringLimit: Int) -> AnswerJSON {
        var row = AnswerJSON()
        row.beginArray()
        for column in columns { row.value(record.value(at: column), stringLimit: stringLimit) }
        row.endArray()
        return row
    }

    /// The JSON type of a value, as `describe_list` names it.
    static func typeName(_ span: JSONSpan?) -> String {
        switch span?.node {
        case nil, .null?: "null"
        case .bool?: "boolean"
        case .number(let digits)?: digits.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? "number" : "integer"
        case .string?: "string"
        case .array?: "array"
        case .object?: "object"
        }
    }
}
