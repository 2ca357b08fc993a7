/// A password written in a URL (`http://user:password@host/`) is a secret like a key, but
/// it travels with the URL, and error lines name URLs. Where text leaves portal as an
/// error line (`StandardStreams.errorLine`), the password part of every such URL is
/// replaced by `***`: the user still sees which URL failed and as whom, never the secret.
/// A backstop: the URL should not carry the password this far in the first place.
public enum URLPasswordRedaction {
    /// `text` with the password of every `scheme://user:password@` in it shown as `***`.
    public static func redacted(_ text: String) -> String {
        // Cheap test first: almost no line names a URL with a password.
        guard text.contains("://"), text.contains("@") else { return text }
        var out = ""
        var rest = Substring(text)
        while let scheme = rest.range(of: "://") {
            out += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            // The authority ends at the first '/', '?', '#' or space; its userinfo at its last '@'.
            let authorityEnd = rest.firstIndex { "/?# \t\n".contains($0) } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                out += authority[...colon] + "***"
                rest = rest[at...]
            }
        }
        return out + rest
    }
}
