/// What tells one record of a list from another: an integer `id`, a string one (a UUID, a
/// slug, a login), several fields together (`key = ["org", "name"]`), a URL a pane
/// followed, or — for a record with no key — its position in the list.
///
/// Why an enum and not an `Int`: string keys used to be hashed into 61 bits, where two
/// keys could meet and one record pass for another. Each case holds the key as served, so
/// two keys are equal only when they are the same key; the cases never meet (the string
/// `"7"` is not the integer `7`, a position is not an id).
public enum RecordKey: Sendable, Hashable, CustomStringConvertible {
    /// An integer key (a JSON number with no fraction that fits an `Int`).
    case number(Int)
    /// A string key, or a number an `Int` cannot hold exactly (`2.5e300`), as written.
    case text(String)
    /// Several fields' keys, in the spec's order.
    case fields([RecordKey])
    /// A followed URL, in its normal form (`NormalisedURL`).
    case link(String)
    /// No key: the record's position in its list.
    case position(Int)

    /// The key a `Row.Value` is: integers as numbers, strings and other numbers as text;
    /// nil for null, booleans, arrays and objects (not keys).
    public init?(_ value: Row.Value?) {
        switch value {
        case .number(let text)?: self = Int(text).map(RecordKey.number) ?? .text(text)
        case .string(let text)?: self = .text(text)
        default: return nil
        }
    }

    /// The key of `row` by `fields` (one field or several); `.position` when any is missing.
    public init(of row: Row, fields: [String]) {
        // One field (nearly every list): no array of parts. An item's key is asked for
        // several times per item a page brings, and the parts' array was a heap object
        // made and freed each time.
        if fields.count == 1 {
            self = RecordKey(row[fields[0]]) ?? .position(row.position)
            return
        }
        let parts = fields.map { RecordKey(row[$0]) }
        if parts.count == 1, let only = parts[0] {
            self = only
        } else if parts.count > 1, parts.allSatisfy({ $0 != nil }) {
            self = .fields(parts.compactMap { $0 })
        } else {
            self = .position(row.position)
        }
    }

    /// As a request names it (`by_keys`' `{keys}`) and the screen shows it: the key as
    /// written; several fields joined by `/`.
    public var description: String {
        switch self {
        case .number(let n): String(n)
        case .text(let text), .link(let text): text
        case .fields(let parts): parts.map(\.description).joined(separator: "/")
        case .position(let n): "#\(n)"
        }
    }

    /// The integer, when the key is one.
    public var number: Int? {
        if case .number(let n) = self { return n }
        return nil
    }
}

extension RecordKey: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(value) }
}
