/// A URL written one way, so that two spellings of the same request compare equal: the
/// scheme and host in lower case with the port always given (`Origin`: a default port is
/// the same as none), the path as written, the query's pairs decoded and sorted (empty
/// ones dropped), the fragment dropped.
///
/// Why: a server whose `next` alternates between two pages with the query written in
/// another order each time (`?page=2&sort=name`, then `?sort=name&page=2`), or with
/// `:80` now and then, made every link look new to a comparison of the text, and the list
/// went round for as long as the spellings lasted. Page requests, the loop guard and the
/// pane's link numbers compare this form.
public enum NormalisedURL {
    /// The normal form of `text`; the text itself when it is no http(s) URL.
    public static func of(_ text: String) -> String {
        guard let split = SplitURL(text) else { return text }
        return of(split, pairs: QueryString.pairs(split.query))
    }

    /// The normal form of a URL already split, with its query's `pairs` already decoded
    /// (`QueryString.pairs(split.query)`): for a caller that reads the query too.
    static func of(_ split: SplitURL, pairs: [(key: String, value: String)]) -> String {
        let pairs = pairs
            .filter { !$0.key.isEmpty || !$0.value.isEmpty }
            .map { QueryString.encode($0.key) + "=" + QueryString.encode($0.value) }
            .sorted()
        return split.origin.description + split.path + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
    }
}
