/// One record of any list, whatever API it came from (a built-in preset's, a saved API's,
/// `--url`, GraphQL, OpenAPI, a PostgREST row): the object as served, decoded once into a
/// `Row` (its fields in order, nested values as their JSON text, the whole object's JSON),
/// its key (`RecordKey`), and the card's choice of fields, shared by every record of the
/// list — what the list's spec says it shows. No API has a Swift type of its own.
///
/// Stored inline in `Item`: the row and one reference, so a sparse list of 10,000
/// pages holds no extra box per item.
public struct Record: Sendable, Hashable, Identifiable {
    public var row: Row { didSet { id = Self.key(row: row, card: card, link: link) } }
    public var card: JSONCardChoice { didSet { id = Self.key(row: row, card: card, link: link) } }
    /// The link it was fetched by (a URL followed in a pane), whose number is then its id.
    public var link: ItemLink? { didSet { id = Self.key(row: row, card: card, link: link) } }
    /// A page of a linked list (its fields are the page's entries), not one object.
    public var isPage: Bool
    /// For a page: the link to the list's next page, nil on the last.
    public var nextPage: ItemLink?
    /// For a list's first page: how the list pages (`LinkedListPages`), when read.
    public var listPages: LinkedListPages?

    public init(row: Row, card: JSONCardChoice, link: ItemLink? = nil, isPage: Bool = false, nextPage: ItemLink? = nil) {
        self.row = row
        self.card = card
        self.link = link
        self.isPage = isPage
        self.nextPage = nextPage
        id = Self.key(row: row, card: card, link: link)
    }

    /// Its key: the link's URL when it was followed, else the list's key fields
    /// (`ListSpec.key`, `id` by default), else — with no `key` written and no `id` — the
    /// number its `url` ends in (a record that names itself by its address: PokeAPI's
    /// `{name, url}` entries, Django REST framework's hyperlinked lists), else its position.
    ///
    /// Read once, where the record is made (and again if its row, card or link change): a
    /// page's update asks each item's key several times (the walk's seen ids, the list's
    /// positions, the marks, the picture memo), and each ask read the key fields again.
    public private(set) var id: RecordKey

    static func key(row: Row, card: JSONCardChoice, link: ItemLink?) -> RecordKey {
        if let link { return link.key.id }
        let key = RecordKey(of: row, fields: card.spec.keyFields)
        guard case .position = key, card.spec.key == nil, let named = Self.urlKey(of: row) else { return key }
        return .number(named)
    }

    /// The number the `url` field's last path segment is (`…/pokemon/25/` → 25).
    static func urlKey(of row: Row) -> Int? {
        guard case .string(let text)? = row["url"], let key = SpecValues.key(of: .string(text)) else { return nil }
        return key.number
    }

    /// The fields a spec reads (card lines, detail fields, picture templates): the row,
    /// and for a record whose key came from its `url`, that key as its `id` — so
    /// `#{id}` and `/sprites/{id}.png` name a list entry as they name its detail.
    public var keyedRow: Row {
        guard link == nil, row["id"] == nil, card.spec.key == nil, let named = Self.urlKey(of: row) else { return row }
        return Row(id: String(named), columns: row.columns + [("id", .number(String(named)))], json: row.json, position: row.position)
    }

    /// Keys that name an item, in the order tried.
    public static let titleKeys = ["name", "title", "full_name", "login", "label", "display_name", "username", "slug"]

    /// What names the item: the spec's title field, else the first of `titleKeys` that is
    /// a non-empty string or number, else `#id`, else its position.
    public var title: String {
        if let field = card.spec.card?.title {
            let value = SpecTemplate.isTemplate(field) ? SpecTemplate(field).line(from: row) : Self.value(at: field, in: row) ?? ""
            if !value.isEmpty, value != "null" { return value }
        }
        for key in Self.titleKeys {
            switch row[key] {
            case .string(let s) where !s.isEmpty: return s
            case .number(let n): return n
            default: continue
            }
        }
        return row["id"].map { "#\($0.description)" } ?? "item \(row.position + 1)"
    }

    /// The key the title came from (a template's first field), if any.
    public var titleKey: String? {
        if let field = card.spec.card?.title { return SpecTemplate.isTemplate(field) ? SpecTemplate(field).fields.first : field }
        return Self.titleKeys.first { key in
            switch row[key] {
            case .string(let s): !s.isEmpty
            case .number: true
            default: false
            }
        }
    }

    /// The fields a card shows under the title: `--fields` (dotted paths into nested
    /// objects allowed), else the most telling short ones — scalars under 40 characters
    /// that are not the title, an id, a URL or a timestamp-looking key — in served order.
    public func cardFields(limit: Int = 2) -> [(name: String, value: String)] {
        if let chosen = card.fields {
            return chosen.prefix(limit).map { path in (path, Record.value(at: path, in: row) ?? "—") }
        }
        let title = titleKey
        var picked: [(name: String, value: String)] = []
        for column in row.columns where picked.count < limit {
            guard column.name != title, column.name != "id", !column.name.hasSuffix("_url"), column.name != "url" else { continue }
            switch column.value {
            case .string(let s) where !s.isEmpty && s.count <= 40 && !s.hasPrefix("http"):
                picked.append((column.name, s))
            case .number(let n):
                picked.append((column.name, n))
            case .bool(let b):
                picked.append((column.name, b ? "true" : "false"))
            default:
                continue
            }
        }
        return picked
    }

    /// The value at a dotted path (`owner.login`), as shown: strings as they are, other
    /// values as JSON text; nil when absent.
    public static func value(at path: String, in row: Row) -> String? {
        let keys = path.split(separator: ".").map(String.init)
        guard let first = keys.first, let value = row[first] else { return nil }
        if keys.count == 1 { return value.description }
        guard case .json(let text) = value, let node = try? JSONNode.parse(Data(text.utf8)).node.at(Array(keys.dropFirst())) else { return nil }
        switch node {
        case .string(let s): return s
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[\(items.count)]"
        case .object(let fields): return "{\(fields.count)}"
        }
    }
}

/// Which fields the cards of one list show (`--fields a,b.c`), and the origin whose URLs
/// are links in its items' details: shared by the list's items.
public final class JSONCardChoice: Sendable, Hashable {
    public let fields: [String]?
    /// `scheme://host:port` of the list; a string value on it is a link (`JSONLinks`).
    public let linkOrigin: String?
    /// The items are summaries the source can look up whole by id (an OpenAPI document's
    /// `GET …/{id}`): not complete, so Enter's pane asks for the item (`Item.isComplete`).
    public let hasDetail: Bool
    /// The list's spec (key, card, detail), empty when the heuristics choose.
    public let spec: ListSpec
    /// Where each related list's records are fetched by key: its name → its `by_keys`
    /// URL template, made absolute, with its cap (`ByKeysRoute`).
    public let byKeys: [String: ByKeysRoute]

    public init(fields: [String]?, linkOrigin: String? = nil, hasDetail: Bool = false, spec: ListSpec = ListSpec(),
                byKeys: [String: ByKeysRoute] = [:]) {
        self.fields = fields
        self.linkOrigin = linkOrigin
        self.hasDetail = hasDetail
        self.spec = spec
        self.byKeys = byKeys
    }

    public static func == (a: JSONCardChoice, b: JSONCardChoice) -> Bool {
        a.fields == b.fields && a.linkOrigin == b.linkOrigin && a.hasDetail == b.hasDetail && a.spec == b.spec && a.byKeys == b.byKeys
    }
    /// Not the spec: equal choices hash alike all the same, and every item's hash (its
    /// list's content hashes, sets of items) would otherwise walk the whole spec.
    public func hash(into hasher: inout Hasher) { hasher.combine(fields); hasher.combine(linkOrigin); hasher.combine(hasDetail) }
}

import Foundation
import PortalJSON
