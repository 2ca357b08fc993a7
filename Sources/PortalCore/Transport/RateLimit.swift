import Foundation

/// What a server says of its rate limit in an answer's headers: how many requests its
/// window allows, how many are left, and when the window starts over (issue 35, item 19).
///
/// Every style in use is read, whichever a server sends (`Style`):
/// - the IETF fields as the draft has them now (draft-ietf-httpapi-ratelimit-headers-08
///   and later), structured fields: `RateLimit: "default";r=50;t=30` (remaining, seconds
///   to the reset) with `RateLimit-Policy: "default";q=100;w=60` (quota, window); several
///   policies read as the one with the fewest left. Draft 07's dictionary
///   (`RateLimit: limit=100, remaining=50, reset=30`) and its `l` for the quota too;
/// - the older drafts' three fields, `RateLimit-Limit`, `RateLimit-Remaining`,
///   `RateLimit-Reset` (seconds);
/// - `X-RateLimit-Limit`, `-Remaining`, `-Reset`, and GitHub's (the same names, with
///   `x-ratelimit-used` and `x-ratelimit-resource`). A reset is seconds from now or a
///   moment in epoch seconds (or milliseconds): a number of 10⁹ or more is a moment (no
///   window lasts 31 years), below that a number of seconds;
/// - `Retry-After` on a 429 (seconds or an HTTP date): nothing is left until then.
///
/// A server's numbers are not trusted: a value that is not a number ≥ 0 is none, and a
/// reset is never later than `longestWait` from now (nor earlier than now).
public struct RateLimit: Sendable, Equatable {
    /// Which headers said it.
    public enum Style: String, Sendable, Equatable, CaseIterable {
        /// `RateLimit` and `RateLimit-Policy`, structured fields (the draft as it is now).
        case ietf
        /// `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (older drafts).
        case ietfFields = "ietf-fields"
        /// `X-RateLimit-Limit`, `-Remaining`, `-Reset`.
        case xRateLimit = "x-ratelimit"
        /// GitHub's `x-ratelimit-*`: with `-used` and `-resource`, the reset a moment.
        case github
        /// Only a 429's `Retry-After`.
        case retryAfter = "retry-after"
    }

    public var style: Style
    /// Requests the window allows.
    public var limit: Int?
    /// Requests left in this window.
    public var remaining: Int?
    /// When the window starts over.
    public var reset: Date?
    /// The window's length in seconds, where the server says it (`RateLimit-Policy`'s `w`).
    public var window: Int?
    /// What the limit is for: GitHub's `x-ratelimit-resource` (`core`, `search`), the IETF
    /// policy's name.
    public var resource: String?

    public init(style: Style, limit: Int? = nil, remaining: Int? = nil, reset: Date? = nil, window: Int? = nil, resource: String? = nil) {
        self.style = style
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
        self.window = window
        self.resource = resource
    }

    /// No reset is taken as later than this from now (a server's `reset` a year ahead
    /// would hold an export for a year): an hour, `Retry-After`'s ceiling.
    public static let longestWait: TimeInterval = RetryAfter.ceiling

    /// What `headers` (names lowercased, as `HTTPResponse` keeps them) say of the rate
    /// limit; nil when they say nothing.
    public static func read(status: Int, headers: [String: String], now: Date = Date()) -> RateLimit? {
        var found = ietf(headers, now: now) ?? ietfFields(headers, now: now) ?? xRateLimit(headers, now: now)
        if status == 429, let seconds = headers["retry-after"].flatMap({ RetryAfter.seconds($0, now: now) }) {
            // Nothing is left until the server says to come back, whatever else it said.
            var limit = found ?? RateLimit(style: .retryAfter)
            limit.remaining = 0
            let after = clamped(now.addingTimeInterval(seconds), now: now)
            limit.reset = max(limit.reset ?? after, after)
            found = limit
        }
        return found
    }

    /// The response's rate limit (`read` with its status and headers).
    public static func read(_ response: HTTPResponse, now: Date = Date()) -> RateLimit? {
        read(status: response.status, headers: response.headers, now: now)
    }

    // MARK: - The styles

    private static func ietf(_ headers: [String: String], now: Date) -> RateLimit? {
        guard let field = headers["ratelimit"], let members = StructuredFieldMembers.parse(field), !members.isEmpty else { return nil }
        // Draft 07: a dictionary, `limit=100, remaining=50, reset=30`.
        let named = Dictionary(members.compactMap { m in m.value.map { (m.name.text?.lowercased() ?? "", $0) } }, uniquingKeysWith: { a, _ in a })
        if let remaining = named["remaining"] {
            return RateLimit(style: .ietf, limit: count(named["limit"]), remaining: count(remaining),
                             reset: named["reset"].flatMap { seconds($0.number, now: now) }, window: policyWindow(headers, name: nil))
        }
        // Now: a list of policies' counters, `"default";r=50;t=30`; the one with fewest left.
        let counters = members.compactMap { m -> (name: String?, remaining: Int, reset: Date?)? in
            guard let r = count(m.parameters["r"]) else { return nil }
            return (m.name.text, r, m.parameters["t"].flatMap { seconds($0.number, now: now) })
        }
        guard let tightest = counters.min(by: { ($0.remaining, -($0.reset?.timeIntervalSince1970 ?? 0)) < ($1.remaining, -($1.reset?.timeIntervalSince1970 ?? 0)) }) else {
            return nil
        }
        let policy = self.policy(headers, name: tightest.name)
        return RateLimit(style: .ietf, limit: policy?.quota, remaining: tightest.remaining, reset: tightest.reset,
                         window: policy?.window, resource: tightest.name)
    }

    /// `RateLimit-Policy`'s quota and window for the policy `name` (the only one when the
    /// counters name none, or name one the field does not list).
    private static func policy(_ headers: [String: String], name: String?) -> (quota: Int?, window: Int?)? {
        guard let field = headers["ratelimit-policy"], let members = StructuredFieldMembers.parse(field), !members.isEmpty else { return nil }
        let member = members.first { $0.name.text == name && name != nil } ?? (members.count == 1 ? members[0] : nil)
        guard let member else { return nil }
        // `q` now, `l` in draft 08's first form, a bare number in draft 07 (`10;w=1`).
        let quota = count(member.parameters["q"]) ?? count(member.parameters["l"]) ?? count(member.name)
        return (quota, count(member.parameters["w"]))
    }

    private static func policyWindow(_ headers: [String: String], name: String?) -> Int? {
        policy(headers, name: name)?.window
    }

    private static func ietfFields(_ headers: [String: String], now: Date) -> RateLimit? {
        guard let remaining = headers["ratelimit-remaining"] else { return nil }
        // `RateLimit-Limit: 100, 100;w=60` (draft 03's quota policies after the limit): the
        // limit first, the window of the first policy that says one.
        let members = headers["ratelimit-limit"].flatMap(StructuredFieldMembers.parse) ?? []
        return RateLimit(style: .ietfFields, limit: count(members.first?.name), remaining: integer(remaining),
                         reset: headers["ratelimit-reset"].flatMap { moment($0, now: now) },
                         window: members.lazy.compactMap { count($0.parameters["w"]) }.first)
    }

    private static func xRateLimit(_ headers: [String: String], now: Date) -> RateLimit? {
        let limit = headers["x-ratelimit-limit"].flatMap(integer)
        let used = headers["x-ratelimit-used"].flatMap(integer)
        var remaining = headers["x-ratelimit-remaining"].flatMap(integer)
        if remaining == nil, let limit, let used { remaining = max(0, limit - used) }
        guard remaining != nil || limit != nil else { return nil }
        let github = used != nil || headers["x-ratelimit-resource"] != nil
        return RateLimit(style: github ? .github : .xRateLimit, limit: limit, remaining: remaining,
                         reset: headers["x-ratelimit-reset"].flatMap { moment($0, now: now) },
                         resource: headers["x-ratelimit-resource"].map { String(Sanitize.line($0).prefix(40)) })
    }

    // MARK: - Numbers

    /// A count: a whole number ≥ 0 (of at most 15 digits).
    private static func count(_ value: StructuredFieldMembers.Value?) -> Int? {
        guard let n = value?.number, n >= 0, n < 1e15, n.rounded(.down) == n else { return nil }
        return Int(n)
    }

    private static func integer(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 15, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(trimmed)
    }

    /// A reset given as a number: seconds from now, or a moment in epoch seconds (10⁹ and
    /// more) or milliseconds (10¹² and more).
    static func moment(_ text: String, now: Date) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 24, let value = Double(trimmed), value.isFinite, value >= 0 else { return nil }
        if value >= 1e12 { return clamped(Date(timeIntervalSince1970: value / 1000), now: now) }
        if value >= 1e9 { return clamped(Date(timeIntervalSince1970: value), now: now) }
        return seconds(value, now: now)
    }

    private static func seconds(_ value: Double?, now: Date) -> Date? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return clamped(now.addingTimeInterval(min(value, longestWait)), now: now)
    }

    private static func clamped(_ date: Date, now: Date) -> Date {
        min(max(date, now), now.addingTimeInterval(longestWait))
    }
}
