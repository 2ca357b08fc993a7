/// A URL as output may show it: any user name or password replaced by `***`, however it is
/// spelled — the RFC's userinfo before the host, and also a password holding a `/`
/// (`http://u:SECRET/x@proxy:3128`), which a URL parser reads as part of the path but curl
/// and the user mean as the password.
///
/// Why one helper: a URL reaches `portal apis`, error messages, `--trace` and stderr from
/// many places (saved URLs, `--url`, proxies); each must hide the same thing the same way.
public enum URLRedaction {
    /// What stands in for the user and password.
    public static let mask = "***"

    /// `text` with its userinfo masked; text without one is returned as it is.
    public static func redacted(_ text: String) -> String {
        guard let range = userinfoRange(text) else { return text }
        return text.replacingCharacters(in: range, with: mask)
    }

    /// `text` with its userinfo and the `@` after it taken out (`http://u:pw@h/` → `http://h/`).
    /// `pathless`: the URL has no path (a proxy's), so every `@` before the query ends the
    /// userinfo (`http://u:p@ss/w@proxy` is the proxy `proxy`, not the host `ss`).
    public static func removingUserinfo(_ text: String, pathless: Bool = false) -> String {
        guard let range = userinfoRange(text, pathless: pathless) else { return text }
        return String(text[..<range.lowerBound] + text[text.index(after: range.upperBound)...])
    }

    /// Whether `text` names a user or password.
    public static func holdsUserinfo(_ text: String) -> Bool { userinfoRange(text) != nil }

    /// Where the user and password are: after `scheme://`, up to the last `@` of the
    /// authority; or, when the authority is no `host[:port]` (a password holding `/` cut
    /// it short), up to the last `@` before the query.
    /// The range ends at the `@`.
    public static func userinfoRange(_ text: String, pathless: Bool = false) -> Range<String.Index>? {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let rest = text[schemeEnd.upperBound...]
        let beforeQuery = rest[..<(rest.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? rest.endIndex)]
        let authority = beforeQuery.prefix { $0 != "/" }
        if !pathless, let at = authority.lastIndex(of: "@") { return schemeEnd.upperBound..<at }
        guard pathless || SplitURL("http://" + authority) == nil, let at = beforeQuery.lastIndex(of: "@") else { return nil }
        return schemeEnd.upperBound..<at
    }
}
