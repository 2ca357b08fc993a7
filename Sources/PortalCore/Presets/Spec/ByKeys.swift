import Foundation

/// Many records of a list in one request (`by_keys = "/teams?ids={keys}"`): `{keys}` is
/// the keys comma-joined, each percent-encoded, and one request holds as many keys as fit
/// in a 2 KB URL — 51 short ids are one request where a fixed page of 20 made three.
public enum ByKeys {
    /// The longest URL a by-keys request is made to (what servers and proxies commonly take).
    public static let maxURLBytes = 2048
    /// What `{keys}` stands for in a template.
    public static let placeholder = "{keys}"

    /// `template` (absolute) with `keys` in it; nil when it makes no URL.
    public static func url(template: String, keys: [RecordKey]) -> URL? {
        URL(string: template.replacingOccurrences(of: placeholder, with: keys.map { encoded($0.description) }.joined(separator: ",")))
    }

    /// How many keys one request holds, the same for every request of the list (its pages
    /// are addressed by index): as many of the longest as fit in `maxURLBytes`, at least 1.
    public static func perRequest(template: String, keys: [RecordKey]) -> Int {
        let room = maxURLBytes - (template.utf8.count - placeholder.utf8.count)
        let longest = keys.map { encoded($0.description).utf8.count }.max() ?? 1
        return max(1, min(max(1, keys.count), room / (longest + 1)))
    }

    /// A key as it goes in a query: everything but unreserved characters percent-encoded
    /// (a comma inside a key never passes for the separator).
    static func encoded(_ key: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return key.addingPercentEncoding(withAllowedCharacters: allowed) ?? key
    }

    /// `template` made absolute against `root` (the API's URL): a path joins it as a
    /// saved list's path does; an absolute URL stays.
    public static func absolute(_ template: String, root: String) -> String {
        if template.hasPrefix("http://") || template.hasPrefix("https://") { return template }
        var base = root
        while base.hasSuffix("/") { base.removeLast() }
        return template.hasPrefix("/") ? base + template : base + "/" + template
    }
}
