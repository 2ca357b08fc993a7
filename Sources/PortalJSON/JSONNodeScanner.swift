import Foundation

/// The byte scanner behind `JSONNode.parse` and `JSONEnvelope.read`: one object loop for
/// both. A scanner made with an items path skims the value at that path (its bytes found,
/// not parsed, an empty array left in the tree) and builds the rest, so a preset's page is
/// one pass: a tree of everything the dialect reads and the items' text for its models.
struct JSONNodeScanner {
    let body: JSONBody
    var bytes: [UInt8] { body.bytes }
    var index = 0
    var budget: JSONTreeBudget
    /// The keys from the root to the value to skim; empty: build every value.
    let skimPath: [String]
    /// Where the skimmed value's text is, once found.
    private(set) var skimmed: Range<Int>?

    init(body: JSONBody, limits: JSONNodeLimits, skimming path: [String] = []) {
        self.body = body
        self.budget = JSONTreeBudget(limits: limits, bodyBytes: body.bytes.count)
        self.skimPath = path
    }

    func fail(_ why: String) -> JSONNodeError { JSONNodeError(description: "\(why) at byte \(index)") }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    /// The value at `index`. `onSkimPath`: it is reached by the first `depth` keys of
    /// `skimPath`, so its field named by the next key is skimmed or followed.
    mutating func value(depth: Int, onSkimPath: Bool = false) throws(JSONNodeError) -> JSONSpan {
        guard depth < budget.limits.depth else { throw JSONTreeBudget.tooDeep(budget.limits.depth, at: index) }
        try budget.holdValue(at: index)
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end") }
        let start = index
        let node: JSONNode
        switch bytes[index] {
        case UInt8(ascii: "{"): node = try object(depth: depth, onSkimPath: onSkimPath && depth < skimPath.count)
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

    /// The object at `index` (its `{`), fields in the order written. On the skim path the
    /// first field named `skimPath[depth]` is skimmed (the last key) or followed; lookups
    /// take the first of duplicate keys, so a later one is built like any other field.
    private mutating func object(depth: Int, onSkimPath: Bool) throws(JSONNodeError) -> JSONNode {
        index += 1
        var fields: [JSONField] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try string()
            try budget.holdField(key: key, at: index)
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            if onSkimPath, skimmed == nil, key == skimPath[depth], !fields.contains(where: { $0.key == key }) {
                if depth == skimPath.count - 1 {
                    skipSpace()
                    let start = index
                    try skipValue()
                    skimmed = start..<index
                    fields.append(JSONField(key: key, value: JSONSpan(node: .array([]), body: body, range: start..<index)))
                } else {
                    fields.append(JSONField(key: key, value: try value(depth: depth + 1, onSkimPath: true)))
                }
            } else {
                fields.append(JSONField(key: key, value: try value(depth: depth + 1)))
            }
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
            index += 1
            return .object(fields)
        }
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
        // Bytes that are not UTF-8 read as U+FFFD, as in a string without escapes; its
        // length is the tree budget's to bound.
        guard let text = JSONStringEscapes.decode(raw) else { throw fail("invalid escape in a string") }
        return text
    }

    /// Moves past the value at `index` without building it: brackets counted, strings
    /// skipped whole. Only its ends are checked; the reader of the skipped text checks the rest.
    mutating func skipValue() throws(JSONNodeError) {
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end") }
        guard bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{") else {
            _ = try value(depth: 0)
            return
        }
        // One pass over the bytes without bounds checks per step: the skim is most of a
        // preset page's reading before its models.
        let start = index
        let end: Int? = body.bytes.withUnsafeBufferPointer { bytes in
            var at = start
            var open = 0
            let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
            repeat {
                guard at < bytes.count else { return nil }
                switch bytes[at] {
                case quote:
                    at += 1
                    while at < bytes.count, bytes[at] != quote { at += bytes[at] == backslash ? 2 : 1 }
                    guard at < bytes.count else { return nil }
                case UInt8(ascii: "["), UInt8(ascii: "{"): open += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): open -= 1
                default: break
                }
                at += 1
            } while open > 0
            return at
        }
        guard let end else {
            index = bytes.count
            throw fail("unexpected end")
        }
        index = end
    }
}
