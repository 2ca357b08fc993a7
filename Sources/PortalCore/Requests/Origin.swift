import Foundation

/// Scheme, host and port of a URL: what must stay the same for every page of a list.
///
/// A `next` link that points at another origin is refused, so a broken or hostile server
/// cannot send the client elsewhere.
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    public var scheme: String
    public var host: String
    public var port: Int

    public init(scheme: String, host: String, port: Int?) {
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.port = port ?? (self.scheme == "https" ? 443 : 80)
    }

    public var description: String { "\(scheme)://\(host):\(port)" }

    /// The origin as a URL writes it: an IPv6 host in brackets, the port left out when it
    /// is the scheme's own, so a URL built on it (a `by_keys` or `events` path, Supabase's
    /// `/auth/v1`) is the one the user and the server write, and its cache key the same.
    public var written: String {
        let named = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(named)" + (port == (scheme == "https" ? 443 : 80) ? "" : ":\(port)")
    }
}

/// A URL split into the parts the API clients care about, parsed by hand so that the raw
/// spaces and punctuation the real server leaves in `next` links survive.
///
/// The authority is strict, since it decides where portal connects: a host of letters,
/// digits, `-`, `.`, `_` and `~` (or a bracketed IPv6 address), and a port of 1 to 65535
/// written in digits. `http://a b/api`, `http://[::1:1/api` and `http://h:-1/api` are not
/// URLs.
public struct SplitURL: Sendable, Hashable {
    public var origin: Origin
    /// The path, percent-decoding left undone (e.g. `/api/character/`).
    public var path: String
    /// The query after `?`, undecoded; empty when there is none.
    public var query: Substring

    public init?(_ text: String) {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let scheme = String(text[..<schemeEnd.lowerBound])
        guard scheme.lowercased() == "http" || scheme.lowercased() == "https" else { return nil }
        var rest = text[schemeEnd.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let host: Substring
        var port: Int?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            guard Self.isIPv6Literal(host.dropFirst().dropLast()) else { return nil }
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Self.port(after.dropFirst()) else { return nil }
                port = p
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let p = Self.port(authority[authority.index(after: colon)...]) else { return nil }
            port = p
        } else {
            host = authority
        }
        guard Self.isHostName(host) || host.hasPrefix("[") else { return nil }
        origin = Origin(scheme: scheme, host: String(host), port: port)
        let pathAndQuery = rest[authorityEnd...]
        if let q = pathAndQuery.firstIndex(of: "?") {
            path = String(pathAndQuery[..<q])
            query = pathAndQuery[pathAndQuery.index(after: q)...]
        } else {
            path = String(pathAndQuery)
            query = ""
        }
    }

    /// 1…65535 in decimal digits, nothing else (no sign, no spaces).
    static func port(_ text: Substring) -> Int? {
        guard (1...5).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let value = Int(text), (1...65535).contains(value) else { return nil }
        return value
    }

    /// A registered name or IPv4 address: letters, digits, `-`, `.`, `_`, `~`.
    static func isHostName(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { b in
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"): true
            default: false
            }
        }
    }

    /// What may stand between `[` and `]`: hex digits, colons and dots (an embedded IPv4),
    /// with at least two colons.
    static func isIPv6Literal(_ text: Substring) -> Bool {
        text.utf8.filter { $0 == UInt8(ascii: ":") }.count >= 2 && text.utf8.allSatisfy { b in
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                 UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: ":"), UInt8(ascii: "."): true
            default: false
            }
        }
    }
}

/// An API root given from outside (`--base-url`), checked once where it enters so that
/// every URL built under it later is a valid one.
///
/// It must split as an http(s) URL (`SplitURL`: a sane host and a port of 1…65535) and
/// parse as a `URL` with any request path after it; anything else is a one-line reason.
public struct APIRoot: Sendable, Hashable {
    /// The root, normalised (no trailing slash).
    public let base: BaseURL
    public let origin: Origin
    /// The root without a trailing slash.
    public var text: String { base.text }

    public init(_ text: String) throws(InvalidAPIRoot) {
        let base = BaseURL(text)
        let root = base.text
        guard let split = SplitURL(root) else {
            throw InvalidAPIRoot(text: text, reason: "must be an http(s) URL with a valid host and a port of 1 to 65535")
        }
        // The longest suffix portal appends: a list path with an encoded query.
        guard URL(string: root + "/character/?page=1&name=a%20b") != nil else {
            throw InvalidAPIRoot(text: text, reason: "is not a valid URL (spaces and other characters must be percent-encoded)")
        }
        self.base = base
        self.origin = split.origin
    }
}

/// Why a `--base-url` was refused.
public struct InvalidAPIRoot: Error, Sendable, Equatable, CustomStringConvertible {
    public let text: String
    public let reason: String
    public var description: String { "'\(text)' \(reason)" }
}

extension URL {
    /// Stands in for a URL that could not be built from a base that is no URL. Every
    /// transport refuses it as not served, so such a request fails with a message
    /// instead of trapping.
    public static let unservable = URL(fileURLWithPath: "/portal/unservable-url")
}
