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
    /// Whitespace around the key goes (a trailing newline from `$(cat key.txt)`); a key
    /// with a control character inside (a key pasted with its comment line) is refused,
    /// and the error never repeats it.
    public mutating func addAPIKey(_ key: String) throws(RequestSyntaxError) {
        let key = key.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { return }
        guard !Self.holdsControlCharacter(key) else {
            throw RequestSyntaxError("\(Self.apiKeyVariable) holds control characters (a line break or an escape?); the key is not shown")
        }
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
        guard Self.isHeaderName(name) else {
            throw RequestSyntaxError("--header name '\(Sanitize.line(name))' is not a valid HTTP header name")
        }
        guard !Self.holdsControlCharacter(value) else {
            throw RequestSyntaxError("--header \(name): the value holds control characters; the value is not shown")
        }
        set(name, value)
    }

    /// An HTTP field name: one or more token characters (RFC 9110 §5.1).
    public static func isHeaderName(_ name: some StringProtocol) -> Bool {
        let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
        return !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && token.contains($0) }
    }

    /// Whether `value` holds a character no header value may carry: C0 controls (tab
    /// included, CR and LF above all), DEL, C1 controls, and the Unicode line and
    /// paragraph separators. The one rule for `--header`, the key, and the HTTP transport.
    public static func holdsControlCharacter(_ value: some StringProtocol) -> Bool {
        value.unicodeScalars.contains { scalar in
            let v = scalar.value
            return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
        }
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
