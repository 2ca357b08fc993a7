/// How much tree `JSONNode.parse` builds from one body before it refuses it.
///
/// A body is at most the transport's cap (8 MiB), but the tree made from it can be many
/// times larger: every value is a node of about a hundred bytes however short its text
/// (`[0,0,0,…]` is two bytes a node), and before spans shared the body a string nested
/// N levels deep was copied N times (one 7 MiB answer in 120 arrays: 951 MB). So the
/// tree's bytes are counted while it is built, and a body whose tree would pass
/// `multiple` × its size (or `floor`, for small bodies) is refused, as is one nested past
/// `depth`: "answer too large to hold" / "answer too deeply nested", never retried.
public struct JSONNodeLimits: Sendable, Equatable {
    /// Objects and arrays open at once. No API portal reads nests past a dozen.
    public var depth: Int
    /// The tree may hold this many times the body's bytes...
    public var multiple: Int
    /// ...or this many bytes, whichever is more (a small page of short numbers is many
    /// nodes per byte, and harmless).
    public var floor: Int

    public init(depth: Int = 128, multiple: Int = 16, floor: Int = 16 * 1_048_576) {
        self.depth = depth
        self.multiple = multiple
        self.floor = floor
    }

    public static let standard = JSONNodeLimits()

    /// The most tree bytes a body of `bodyBytes` may make.
    public func allowance(bodyBytes: Int) -> Int {
        let (scaled, overflow) = bodyBytes.multipliedReportingOverflow(by: max(1, multiple))
        return max(floor, overflow ? Int.max : scaled)
    }
}

/// The running count of the bytes a parse's tree holds, by the same estimate as
/// `JSONSpan.heldBytes`: a node per value, a field per key, and the string bytes that do
/// not fit inline (Swift keeps up to 15 UTF-8 bytes in the string itself).
struct JSONTreeBudget {
    let limits: JSONNodeLimits
    let allowance: Int
    private(set) var held = 0

    init(limits: JSONNodeLimits, bodyBytes: Int) {
        self.limits = limits
        self.allowance = limits.allowance(bodyBytes: bodyBytes)
        // The body itself is kept once, shared by every span.
        self.held = bodyBytes
    }

    /// Bytes of one value's node: its span in the parent's array and the enum's box.
    static let valueBytes = MemoryLayout<JSONSpan>.stride + 48
    /// Bytes of one object field besides its value.
    static let fieldBytes = MemoryLayout<JSONField>.stride

    /// Heap bytes of a string beyond its inline form.
    static func stringBytes(_ text: String) -> Int {
        let count = text.utf8.count
        return count > 15 ? 32 + count : 0
    }

    mutating func holdValue(at offset: Int) throws(JSONNodeError) { try hold(Self.valueBytes, at: offset) }

    mutating func holdField(key: String, at offset: Int) throws(JSONNodeError) {
        try hold(Self.fieldBytes + Self.stringBytes(key), at: offset)
    }

    mutating func holdString(_ text: String, at offset: Int) throws(JSONNodeError) {
        try hold(Self.stringBytes(text), at: offset)
    }

    private mutating func hold(_ bytes: Int, at offset: Int) throws(JSONNodeError) {
        held += bytes
        guard held <= allowance else {
            throw JSONNodeError(description: "answer too large to hold (its tree passes \(Self.mebibytes(allowance)) at byte \(offset))", isLimit: true)
        }
    }

    static func tooDeep(_ depth: Int, at offset: Int) -> JSONNodeError {
        JSONNodeError(description: "answer too deeply nested (more than \(depth) levels at byte \(offset))", isLimit: true)
    }

    static func mebibytes(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? "\(bytes / 1_048_576) MiB" : "\(bytes / 1024) KiB"
    }
}

extension JSONSpan {
    /// About how many bytes this tree holds in memory: its nodes, fields and strings by
    /// `JSONTreeBudget`'s estimate, and the body its spans share, once.
    public var heldBytes: Int {
        var bodies = Set<ObjectIdentifier>()
        return held(into: &bodies)
    }

    private func held(into bodies: inout Set<ObjectIdentifier>) -> Int {
        var total = JSONTreeBudget.valueBytes
        if bodies.insert(ObjectIdentifier(body)).inserted { total += body.bytes.count }
        switch node {
        case .string(let text), .number(let text): total += JSONTreeBudget.stringBytes(text)
        case .array(let items): for item in items { total += item.held(into: &bodies) }
        case .object(let fields):
            for field in fields { total += JSONTreeBudget.fieldBytes + JSONTreeBudget.stringBytes(field.key) + field.value.held(into: &bodies) }
        case .null, .bool: break
        }
        return total
    }
}
