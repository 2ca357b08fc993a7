import Foundation

/// Many records of a list in one request (`by_keys = "/teams?ids={keys}"`): `{keys}` is
/// the keys comma-joined, each percent-encoded, and one request holds as many keys as the
/// list's cap allows (`ByKeysCap`: by default as many as fit in a 2 KB URL) — 51 short
/// ids are one request where a fixed page of 20 made three.
///
/// The lists' by-key templates travel as text (the map every record's card holds, made
/// by `PresetLists.cards` and `ResolvedAPI.byKeys`); a list whose cap is not the standard
/// one travels as a *route*: its template with the cap written into the placeholder
/// (`{keys max_keys=50 max_url=4096}`), read back here only (`split`), so whoever holds a
/// template holds its cap with it.
public enum ByKeys {
    /// The longest URL a by-keys request is made to by default (what servers and proxies commonly take).
    public static let maxURLBytes = 2048
    /// What `{keys}` stands for in a template.
    public static let placeholder = "{keys}"

    /// `template` (absolute; a route too) with `keys` in it; nil when it makes no URL.
    public static func url(template: String, keys: [RecordKey]) -> URL? {
        let (plain, _) = split(template)
        return URL(string: plain.replacingOccurrences(of: placeholder, with: keys.map { encoded($0.description) }.joined(separator: ",")))
    }

    /// How many keys one request holds, the same for every request of the list (its pages
    /// are addressed by index): as many of the longest as fit in the cap's URL length, no
    /// more than its `max_keys`, at least 1. `template` may be a route (`route(_:cap:)`).
    public static func perRequest(template: String, keys: [RecordKey]) -> Int {
        let (plain, cap) = split(template)
        let room = cap.maxURLBytes - (plain.utf8.count - placeholder.utf8.count)
        let longest = keys.map { encoded($0.description).utf8.count }.max() ?? 1
        let fit = max(1, min(max(1, keys.count), room / (longest + 1)))
        return cap.maxKeys.map { max(1, min(fit, $0)) } ?? fit
    }

    /// `template` carrying `cap` (`{keys max_keys=50}`); the template itself for the standard cap.
    public static func route(_ template: String, cap: ByKeysCap?) -> String {
        guard let cap, cap != .standard else { return template }
        var inner = "keys"
        if let maxKeys = cap.maxKeys { inner += " max_keys=\(maxKeys)" }
        if cap.maxURLBytes != maxURLBytes { inner += " max_url=\(cap.maxURLBytes)" }
        return template.replacingOccurrences(of: placeholder, with: "{" + inner + "}")
    }

    /// A route as its template (`{keys}` in place) and its cap; a plain template has the standard cap.
    public static func split(_ route: String) -> (template: String, cap: ByKeysCap) {
        guard let open = route.range(of: "{keys "), let close = route[open.upperBound...].firstIndex(of: "}") else { return (route, .standard) }
        var cap = ByKeysCap.standard
        for part in route[open.upperBound..<close].split(separator: " ") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, let value = Int(pair[1]), value > 0 else { continue }
            if pair[0] == "max_keys" { cap.maxKeys = value } else if pair[0] == "max_url" { cap.maxURLBytes = value }
        }
        return (route.replacingCharacters(in: open.lowerBound...close, with: placeholder), cap)
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

/// How many keys one by-keys request of a list holds (`by_keys = { url = "…{keys}",
/// max_keys = 50, max_url = 2048 }`): no more than `maxKeys` (an API's own limit: GitHub's
/// 100, a server that takes 50 ids), and no more than fit in a URL of `maxURLBytes`
/// (2 KB by default: Rick and Morty's 51 episodes in one request).
public struct ByKeysCap: Sendable, Hashable {
    public var maxKeys: Int?
    public var maxURLBytes: Int

    public init(maxKeys: Int? = nil, maxURLBytes: Int = ByKeys.maxURLBytes) {
        self.maxKeys = maxKeys
        self.maxURLBytes = maxURLBytes
    }

    /// As many keys as fit in 2 KB.
    public static let standard = ByKeysCap()
}
