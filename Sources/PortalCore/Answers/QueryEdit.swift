import Foundation

/// Reading and setting one query parameter of a URL, the rest of the query kept as it
/// was written (order and encoding), so a page URL built from a template differs from it
/// in that parameter only — and the HTTP caches see the same URL the server's own link
/// would have been.
public enum QueryEdit {
    /// The decoded value of `name` in `url`'s query (the first occurrence).
    public static func value(_ url: URL, _ name: String) -> String? {
        guard let query = url.query(percentEncoded: true) else { return nil }
        return QueryString.pairs(Substring(query)).first { $0.key == name }?.value
    }

    /// `url` with `name` set to `value` (replacing the first occurrence, or appended).
    public static func setting(_ url: URL, _ name: String, _ value: String) -> URL? {
        let text = url.absoluteString
        let fragmentless = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = fragmentless.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let pair = QueryString.encode(name) + "=" + QueryString.encode(value)
        var pieces = parts.count > 1 ? parts[1].split(separator: "&", omittingEmptySubsequences: true).map(String.init) : []
        if let index = pieces.firstIndex(where: { QueryString.decode(Substring($0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0])) == name }) {
            pieces[index] = pair
        } else {
            pieces.append(pair)
        }
        return URL(string: String(parts[0]) + "?" + pieces.joined(separator: "&"))
    }

    /// `url` without any `name` parameter (the rest of the query as written; no `?` left
    /// when nothing remains).
    public static func removing(_ url: URL, _ name: String) -> URL? {
        let text = url.absoluteString
        let fragmentless = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = fragmentless.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count > 1 else { return url }
        let pieces = parts[1].split(separator: "&", omittingEmptySubsequences: true).filter {
            QueryString.decode($0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]) != name
        }
        return URL(string: String(parts[0]) + (pieces.isEmpty ? "" : "?" + pieces.joined(separator: "&")))
    }

    /// `link` (absolute, or relative to `base`) as an absolute URL on `base`'s origin;
    /// nil for another origin or something that is no http(s) URL.
    public static func sameOrigin(_ link: String, base: URL) -> URL? {
        guard let resolved = URL(string: link, relativeTo: base)?.absoluteURL,
              let split = SplitURL(resolved.absoluteString), let home = SplitURL(base.absoluteString),
              split.origin == home.origin else { return nil }
        return resolved
    }
}
