import PortalJSON
/// A list spec written as the config file writes it (`[apis.NAME.lists.LIST]`, inline
/// tables, keys in the order docs/presets.md gives), so what `portal apis show` prints
/// can be pasted into the file and edited. Strings are TOML basic strings, escaped.
extension ListSpec {
    /// The table `[apis.API.lists.LIST]` with `path` (and `items`) and every part of the spec.
    public func toml(api: String, list: String, path: String, items: String?) -> String {
        var lines = ["[apis.\(TOMLText.key(api)).lists.\(TOMLText.key(list))]", "path = \(TOMLText.string(path))"]
        if let items { lines.append("items = \(TOMLText.string(items))") }
        if let key { lines.append("key = " + (key.count == 1 ? TOMLText.string(key[0]) : TOMLText.array(key.map(TOMLText.string)))) }
        if let paging {
            let order = PagingSpec.keys[paging.style] ?? paging.names.keys.sorted()
            let names = order.compactMap { name in
                name == "past_end" ? paging.pastEnd.map { (name, $0.toml) } : paging[name].map { (name, TOMLText.string($0)) }
            }
            lines.append("paging = " + TOMLText.table([("style", TOMLText.string(paging.style))] + names))
        }
        if let card {
            var parts = [("title", card.title), ("subtitle", card.subtitle), ("note", card.note), ("picture", card.picture),
                         ("mirror_picture", card.mirrorPicture)].compactMap { name, value in
                value.map { (name, TOMLText.string($0)) }
            }
            if let badge = card.badge {
                let colours = badge.colours.map { (TOMLText.key($0.value), TOMLText.string($0.colour.rawValue)) }
                parts.append(("badge", TOMLText.table([("field", TOMLText.string(badge.field))] + (colours.isEmpty ? [] : [("colours", TOMLText.table(colours))])
                    + (badge.other.map { [("other", TOMLText.string($0.rawValue))] } ?? []))))
            }
            lines.append("card = " + TOMLText.table(parts))
        }
        if let detail {
            var parts: [(String, String)] = []
            if !detail.fields.isEmpty {
                parts.append(("fields", TOMLText.array(detail.fields.map(\.toml))))
            }
            if !detail.related.isEmpty {
                parts.append(("related", TOMLText.array(detail.related.map { related in
                    TOMLText.table([("field", TOMLText.string(related.field)), ("list", TOMLText.string(related.list))]
                        + (related.title.map { [("title", TOMLText.string($0))] } ?? []))
                })))
            }
            lines.append("detail = " + TOMLText.table(parts))
        }
        if let byKeys { lines.append("by_keys = " + byKeys.toml) }
        if let item { lines.append("item = \(TOMLText.string(item))") }
        if let events { lines.append("events = \(TOMLText.string(events))") }
        if let columns { lines.append("columns = " + TOMLText.array(columns.map(TOMLText.string))) }
        if let table { lines.append("table = " + TOMLText.array(table.map(\.toml))) }
        if layout != .tree { lines.append("layout = \(TOMLText.string(layout.rawValue))") }
        if !filters.isEmpty {
            lines.append("filters = " + TOMLText.table(filters.map { (TOMLText.key($0.parameter), $0.toml) }))
        }
        if let search { lines.append("search = \(TOMLText.string(search))") }
        if let recognisedBy { lines.append("recognised_by = \(TOMLText.string(recognisedBy))") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ByKeysRoute {
    /// The string form for the standard cap (as many keys as fit in 2 KB, however the
    /// file wrote it), else `{ url, max_keys, max_url }` with what the cap says.
    var toml: String {
        guard cap != .standard else { return TOMLText.string(template) }
        return TOMLText.table([("url", TOMLText.string(template))] + (cap.maxKeys.map { [("max_keys", String($0))] } ?? [])
            + [("max_url", String(cap.maxURLBytes))])
    }
}

extension PastEnd {
    /// `404` for a status alone, else `{ status = 404, error = "There is nothing here" }`.
    var toml: String {
        guard let error else { return String(status) }
        return TOMLText.table([("status", String(status)), ("error", TOMLText.string(error))])
    }
}

extension DetailFieldSpec {
    /// `"field"` when plain, else `{ field, label, format, link, list }` with what is given.
    var toml: String {
        guard !isPlain else { return TOMLText.string(field) }
        let given = [("label", label), ("format", format?.rawValue), ("link", link), ("list", list)].compactMap { name, value in
            value.map { (name, TOMLText.string($0)) }
        }
        return TOMLText.table([("field", TOMLText.string(field))] + given)
    }
}

/// TOML's spelling of keys, strings, arrays and inline tables.
public enum TOMLText {
    /// A bare key when it is one (`A-Za-z0-9_-`), else a quoted one.
    public static func key(_ name: String) -> String {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_" || $0 == "-" }
            ? name : string(name)
    }

    /// A basic string: escaped as JSON escapes it (`"`, `\`, controls as `\n` or
    /// `\u00XX`), which is how TOML escapes a basic string too.
    public static func string(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return writer.string
    }

    public static func array(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }

    public static func table(_ pairs: [(String, String)]) -> String {
        "{ " + pairs.map { "\($0.0) = \($0.1)" }.joined(separator: ", ") + " }"
    }
}

extension SpecFilter {
    /// As the file writes it: its values, or with a label or an example, a table of them.
    var toml: String {
        let values = TOMLText.array(values.map(TOMLText.string))
        guard label != nil || example != nil else { return values }
        var pairs = [("values", values)]
        if let label { pairs.append(("label", TOMLText.string(label))) }
        if let example { pairs.append(("example", TOMLText.string(example))) }
        return TOMLText.table(pairs)
    }
}
