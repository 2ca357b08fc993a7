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
/// Strings are decoded by the scanner itself, escapes included (`JSONStringEscapes`).
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

    /// A number (written as one, or as a numeric string: OAuth2 servers differ), as a Double.
    public var double: Double? {
        switch self {
        case .number(let text), .string(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: nil
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
