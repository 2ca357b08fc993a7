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
}

/// A URL split into the parts the API clients care about, parsed by hand so that the raw
/// spaces and punctuation the real server leaves in `next` links survive.
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
        var host = authority
        var port: Int?
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { port = Int(after.dropFirst()) }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let p = Int(authority[authority.index(after: colon)...]) else { return nil }
            port = p
        }
        guard !host.isEmpty else { return nil }
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
}
