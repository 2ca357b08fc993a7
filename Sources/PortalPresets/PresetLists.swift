import Foundation
import PortalCore
import PortalJSON

/// A built-in API's lists as its preset file writes them (`Presets/*.toml` in PortalConfig,
/// the config file's own schema, read by the reader a user's `[apis.NAME.lists.LIST]`
/// goes through): each list's spec by its name, which is the kind of its items.
///
/// Why a value handed to the source and not read by it: PortalCore reads no TOML (the
/// config reader is PortalConfig's), so whoever makes a preset's source reads its file
/// (`BuiltInPresets`) and passes the lists in. A source given none reads its records all
/// the same, shown as any API's are (the heuristics choose).
public struct PresetLists: Sendable, Hashable {
    public var specs: [String: ListSpec]
    /// The file's `url` (`[apis.NAME] url`): asked at another root, a card's
    /// `mirror_picture` stands for its `picture`.
    public var url: String?
    /// Each list's `items` (the items' dotted path in an answer, as the file writes it).
    public var items: [String: String]
    /// Each list's `path` (`/characters`): where its records are asked, relative to the
    /// API's root — for PostgREST, the table that holds them.
    public var paths: [String: String]
    /// The paging every list of the file names alike (PostgREST's `range`): how a list
    /// the file does not name pages (another table of the same API); nil when they differ.
    public var paging: PagingSpec?

    public init(_ specs: [String: ListSpec] = [:], url: String? = nil, items: [String: String] = [:], paths: [String: String] = [:]) {
        self.specs = specs
        self.url = url
        self.items = items
        self.paths = paths
        let pagings = Set(specs.values.compactMap(\.paging))
        self.paging = pagings.count == 1 ? pagings.first : nil
    }

    /// These lists and `other`'s. `other`'s lists lend their looks only: they are another
    /// API's, so their paging, items and paths are not this API's. A list of both is this
    /// one's, unless this file gives it only a path (postgrest.toml's `character`: the
    /// table that holds Rick and Morty's characters), when it takes `other`'s looks.
    public func adding(_ other: PresetLists) -> PresetLists {
        var lent = other.specs
        for name in lent.keys { lent[name]?.paging = nil }
        var both = PresetLists(specs.merging(lent) { mine, theirs in mine.isEmpty ? theirs : mine }, url: url ?? other.url, items: items, paths: paths)
        both.paging = paging
        return both
    }

    /// How the list `name` pages, as the file says: its own `paging`, else the one all the
    /// file's lists share; nil when the file says nothing (the source's own dialect then).
    public func paging(of name: String) -> PagingSpec? { specs[name]?.paging ?? paging }

    /// Where the list `name` is asked under the API's root, without its leading slash
    /// (`characters`); nil when the file names no such list.
    public func path(of name: String) -> String? {
        paths[name].map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }
    }

    /// The list whose records the table (or path) `name` holds: the list of that name, else
    /// the one whose `path` it is (`characters`: postgrest.toml's `character`); nil when
    /// the file names neither.
    public func list(holding name: String) -> String? {
        specs[name] != nil ? name : paths.keys.sorted().first { path(of: $0) == name }
    }

    /// The items' path of the list `name` in an answer (`results`); empty for a top-level array.
    public func itemsPath(of name: String) -> [String] { items[name].map(PagingSpec.path) ?? [] }

    /// Each list's card choice under `base` (the API root the source asks): its spec, the
    /// by-key templates of every list made absolute against `base`, and `base`'s origin,
    /// whose URLs are links. A list with an `item` route holds summaries (`hasDetail`:
    /// Enter's pane asks for the record). Made once per source and shared by its records.
    public func cards(base: BaseURL) -> [ItemKind: JSONCardChoice] {
        let byKeys = specs.compactMapValues { spec in spec.byKeys?.absolute(root: base.text) }
        let origin = URL(string: base.text).flatMap(JSONLinks.origin(of:))
        let elsewhere = url.map { BaseURL($0).text != base.text } ?? false
        var cards: [ItemKind: JSONCardChoice] = [:]
        for (name, spec) in specs {
            var spec = spec
            if elsewhere, let picture = spec.card?.mirrorPicture { spec.card?.picture = picture }
            cards[ItemKind(rawValue: name)] = JSONCardChoice(fields: nil, linkOrigin: origin, hasDetail: spec.item != nil, spec: spec, byKeys: byKeys)
        }
        return cards
    }
}

extension JSONCardChoice {
    /// The same choice for a whole record (the answer of its list's `item` route).
    public var whole: JSONCardChoice {
        hasDetail ? JSONCardChoice(fields: fields, linkOrigin: linkOrigin, hasDetail: false, spec: spec, byKeys: byKeys) : self
    }
}

extension PresetItemReader where Item == Record {
    /// A preset list's records: each object of the array as served (`JSONItems`: its
    /// fields decoded once into a `Row`, its JSON kept), shown by the list's `card`.
    public static func records(_ card: JSONCardChoice) -> PresetItemReader {
        PresetItemReader { data, first in try Record.records(data, card: card, firstPosition: first) }
    }
}

extension Record {
    /// The records in `data`: an array of objects, or one object (a lookup of one key);
    /// anything else is not a list of records.
    public static func records(_ data: Data, card: JSONCardChoice, firstPosition: Int = 0) throws(PageFailure) -> [Record] {
        let root: JSONSpan
        do { root = try JSONNode.parse(data) } catch { throw PageFailure(notJSON: error) }
        let list: [JSONSpan]
        if let elements = root.node.elements {
            list = elements
        } else if root.node.fields != nil {
            list = [root]
        } else {
            throw PageFailure(.malformed, "not a list of records")
        }
        guard list.allSatisfy({ $0.node.fields != nil }) else { throw PageFailure(.malformed, "a record that is not an object") }
        return JSONItems.rows(list, columns: nil, firstPosition: firstPosition).map { Record(row: $0, card: card) }
    }
}
