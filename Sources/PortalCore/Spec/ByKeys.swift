import Foundation

/// Many records of a list in one request (`by_keys = "/teams?ids={keys}"`): `{keys}` is
/// the keys comma-joined, each percent-encoded, and one request holds as many keys as the
/// list's cap allows (`ByKeysCap`: by default as many as fit in a 2 KB URL) — 51 short
/// ids are one request where a fixed page of 20 made three.
///
/// The lists' by-key requests travel as `ByKeysRoute` values (the template beside its
/// cap, typed: the map every record's card holds, made by `PresetLists.cards` and
/// `ResolvedAPI.byKeys`), so no cap is ever written into, or read back out of, a template:
/// a template is only ever the user's text with `{keys}` in it.
public enum ByKeys {
    /// The longest URL a by-keys request is made to by default (what servers and proxies commonly take).
    public static let maxURLBytes = 2048
    /// What `{keys}` stands for in a template.
    public static let placeholder = "{keys}"

    /// `template` (absolute) with `keys` in it; nil when it makes no URL.
    public static func url(template: String, keys: [RecordKey]) -> URL? {
        URL(string: template.replacingOccurrences(of: placeholder, with: keys.map { encoded($0.description) }.joined(separator: ",")))
    }

    /// How many keys one request of `route` holds, the same for every request of the list
    /// (its pages are addressed by index): as many of the longest as fit in the cap's URL
    /// length, no more than its `max_keys`, at least 1.
    public static func perRequest(_ route: ByKeysRoute, keys: [RecordKey]) -> Int {
        let room = route.cap.maxURLBytes - (route.template.utf8.count - placeholder.utf8.count)
        let longest = keys.map { encoded($0.description).utf8.count }.max() ?? 1
        let fit = max(1, min(max(1, keys.count), room / (longest + 1)))
        return route.cap.maxKeys.map { max(1, min(fit, $0)) } ?? fit
    }

    /// `perRequest` of a plain template: the standard cap, as many as fit in 2 KB.
    public static func perRequest(template: String, keys: [RecordKey]) -> Int {
        perRequest(ByKeysRoute(template), keys: keys)
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

/// A list's by-key request as the sources and the detail pane use it: the template
/// (`{keys}` in it; absolute once `ByKeys.absolute` made it so) and the list's cap
/// (`by_keys = { url, max_keys, max_url }`), each in its own field. A list spec holds
/// its own as written (`ListSpec.byKeys`, the template relative to the API's root).
public struct ByKeysRoute: Sendable, Hashable {
    public var template: String
    public var cap: ByKeysCap

    public init(_ template: String, cap: ByKeysCap = .standard) {
        self.template = template
        self.cap = cap
    }

    /// The same route with its template made absolute against `root` (`ByKeys.absolute`).
    public func absolute(root: String) -> ByKeysRoute { ByKeysRoute(ByKeys.absolute(template, root: root), cap: cap) }
}
