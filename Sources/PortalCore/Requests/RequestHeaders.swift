import Foundation

/// Headers a user adds to every request: `--header 'Name: value'` (like curl) and the API
/// key from `PORTAL_API_KEY`, which Supabase expects twice, as `apikey: KEY` and
/// `Authorization: Bearer KEY`.
///
/// The values are secrets: nothing in portal prints them. `TracingTransport` writes the
/// URL and never a header, error messages name a header by its name only, and
/// `description` shows names with the values masked.
public struct RequestHeaders: Sendable, Hashable, CustomStringConvertible {
    /// Name → value, in the case given (HTTP names are case-insensitive; a later header
    /// of the same name replaces an earlier one).
    public private(set) var fields: [String: String] = [:]

    public init() {}

    /// The environment variable that holds the API key.
    public static let apiKeyVariable = "PORTAL_API_KEY"

    /// Adds `apikey` and `Authorization: Bearer` for `key` (nothing for an empty key).
    public mutating func addAPIKey(_ key: String) {
        let key = key.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { return }
        set("apikey", key)
        set("Authorization", "Bearer \(key)")
    }

    /// Adds one `Name: value` line; the error never repeats the value.
    public mutating func add(line: String) throws(RequestSyntaxError) {
        guard let colon = line.firstIndex(of: ":") else {
            throw RequestSyntaxError("--header must be 'Name: value' (no ':' found)")
        }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && token.contains($0) }) else {
            throw RequestSyntaxError("--header name '\(Sanitize.line(name))' is not a valid HTTP header name")
        }
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw RequestSyntaxError("--header \(name): the value holds control characters")
        }
        set(name, value)
    }

    private mutating func set(_ name: String, _ value: String) {
        if let existing = fields.keys.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
            fields.removeValue(forKey: existing)
        }
        fields[name] = value
    }

    public var isEmpty: Bool { fields.isEmpty }

    /// `apikey: ***, Authorization: ***` — names only.
    public var description: String {
        fields.keys.sorted().map { "\($0): ***" }.joined(separator: ", ")
    }

    /// `headers` with these added (these win over the same name, in any case).
    public func applied(to headers: [String: String]) -> [String: String] {
        var out = headers.filter { key, _ in !fields.keys.contains { $0.caseInsensitiveCompare(key) == .orderedSame } }
        for (name, value) in fields { out[name] = value }
        return out
    }
}
