import Foundation

/// A JSON value read from an answer of an API portal has no model for, with where each
/// value's bytes are, so an item keeps its JSON exactly as served (`portal list --json`)
/// and its nested values their own text.
///
/// Bounded (`JSONNodeLimits`), because the body comes from a server portal does not
/// control: nesting deeper than `maxDepth` is refused ("answer too deeply nested"), not a
/// stack overflow, and so is a tree that would hold more than a small multiple of the
/// body's bytes ("answer too large to hold"). Every span of one parse shares the body's
/// bytes (`JSONSpan.text` is read from them when asked), so a value nested 120 levels deep
/// is held once, not once per level: that copy per level made a 7 MiB answer cost 951 MB.
/// Strings are decoded by `JSONReader`'s rules through `JSONSerialization` only for the
/// escapes.
public indirect enum JSONNode: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number as written, so nothing is lost to a Double.
    case number(String)
    case string(String)
    case array([JSONSpan])
    /// Fields in the order written (a later duplicate key is kept; lookups take the first).
    case object([JSONField])

    /// The deepest nesting read.
    public static var maxDepth: Int { JSONNodeLimits.standard.depth }

    /// The value at `key` of an object; nil for anything else or a missing key.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.key == key }?.value.node
    }

    /// The value at a dotted path (`meta.total`, `_links.next.href`).
    public func at(_ path: [String]) -> JSONNode? {
        var node: JSONNode? = self
        for key in path { node = node?[key] }
        return node
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A whole number ≥ 0 (written as one, or as a string of digits).
    public var count: Int? {
        switch self {
        case .number(let text), .string(let text):
            guard !text.isEmpty, text.count <= 18, text.allSatisfy(\.isASCII), let n = Int(text), n >= 0 else { return nil }
            return n
        default: return nil
        }
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var elements: [JSONSpan]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var fields: [JSONField]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// Reads a whole body; anything but one JSON value (and white space) is an error, and
    /// so is a body past `limits` (`JSONNodeError.isLimit`).
    public static func parse(_ data: Data, limits: JSONNodeLimits = .standard) throws(JSONNodeError) -> JSONSpan {
        var scanner = JSONNodeScanner(body: JSONBody([UInt8](data)), limits: limits)
        let value = try scanner.value(depth: 0)
        scanner.skipSpace()
        guard scanner.index == scanner.bytes.count else { throw scanner.fail("text after the JSON value") }
        return value
    }
}

/// A value and its JSON text as served. The text is not copied per value: every span of
/// one parse points into the same body.
public struct JSONSpan: Sendable, Hashable {
    public var node: JSONNode
    /// The body this span was read from, shared by every span of the same parse.
    let body: JSONBody
    /// Where this value's text is in `body`.
    let range: Range<Int>

    init(node: JSONNode, body: JSONBody, range: Range<Int>) {
        self.node = node
        self.body = body
        self.range = range
    }

    /// The value's JSON text exactly as served (made when asked: hold the string, not the
    /// span, to keep one value without its whole body).
    public var text: String { String(decoding: body.bytes[range], as: UTF8.self) }

    /// Bytes of the value's JSON text.
    public var byteCount: Int { range.count }

    public static func == (a: JSONSpan, b: JSONSpan) -> Bool {
        a.node == b.node && a.body.bytes[a.range].elementsEqual(b.body.bytes[b.range])
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(node)
        hasher.combine(range.count)
    }
}

/// The bytes of one parsed body, shared by its spans.
final class JSONBody: Sendable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// One field of an object.
public struct JSONField: Sendable, Hashable {
    public var key: String
    public var value: JSONSpan
}

/// Why a body is not JSON, with the byte offset; or why portal will not hold it.
public struct JSONNodeError: Error, Sendable, CustomStringConvertible {
    public var description: String
    /// The body may be JSON, but past a `JSONNodeLimits` bound: asking again brings the
    /// same answer, so it is never retried.
    public var isLimit = false
}

/// The byte scanner behind `JSONNode.parse`.
struct JSONNodeScanner {
    let body: JSONBody
    var bytes: [UInt8] { body.bytes }
    var index = 0
    var budget: JSONTreeBudget

    init(body: JSONBody, limits: JSONNodeLimits) {
        self.body = body
        self.budget = JSONTreeBudget(limits: limits, bodyBytes: body.bytes.count)
    }

    func fail(_ why: String) -> JSONNodeError { JSONNodeError(description: "\(why) at byte \(index)") }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(JSONNodeError) -> JSONSpan {
        guard depth < budget.limits.depth else { throw JSONTreeBudget.tooDeep(budget.limits.depth, at: index) }
        try budget.holdValue(at: index)
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end") }
        let start = index
        let node: JSONNode
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var fields: [JSONField] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    let key = try string()
                    try budget.holdField(key: key, at: index)
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                    index += 1
                    fields.append(JSONField(key: key, value: try value(depth: depth + 1)))
                    skipSpace()
                    guard index < bytes.count else { throw fail("unexpected end") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
                    index += 1
                    break
                }
            }
            node = .object(fields)
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONSpan] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
            } else {
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw fail("unexpected end") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
                    index += 1
                    break
                }
            }
            node = .array(items)
        case UInt8(ascii: "\""):
            let text = try string()
            try budget.holdString(text, at: index)
            node = .string(text)
        case UInt8(ascii: "t"): try literal("true"); node = .bool(true)
        case UInt8(ascii: "f"): try literal("false"); node = .bool(false)
        case UInt8(ascii: "n"): try literal("null"); node = .null
        default:
            let text = try number()
            try budget.holdString(text, at: index)
            node = .number(text)
        }
        return JSONSpan(node: node, body: body, range: start..<index)
    }

    mutating func literal(_ word: String) throws(JSONNodeError) {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw fail("invalid literal")
        }
        index += utf8.count
    }

    mutating func number() throws(JSONNodeError) -> String {
        let start = index
        while index < bytes.count, index - start <= 40 {
            let b = bytes[index]
            guard (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(b) else { break }
            index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty, text.count <= 40, Double(text) != nil, text.first != "+" else { throw fail("invalid number") }
        return text
    }

    /// A string at `index` (its opening quote), unescaped.
    mutating func string() throws(JSONNodeError) -> String {
        let start = index
        index += 1
        var escaped = false
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\\") {
                escaped = true
                index += 2
                continue
            }
            if b == UInt8(ascii: "\"") { break }
            guard b >= 0x20 else { throw fail("control character in a string") }
            index += 1
        }
        guard index < bytes.count else { throw fail("unterminated string") }
        index += 1
        let raw = bytes[(start + 1)..<(index - 1)]
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        // Escapes are rare in keys and short values: JSONSerialization decodes them.
        let quoted = Data(bytes[start..<index])
        guard let text = (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed)) as? String else {
            throw fail("invalid escape in a string")
        }
        return text
    }
}
