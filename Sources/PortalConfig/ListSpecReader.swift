import TOMLKit
import PortalCore
import PortalPaging

/// Reads a list's spec keys (`key`, `paging` as a table, `card`, `detail`, `by_keys`,
/// `filters`, `events`, `columns`, `table`, `layout`) into a `ListSpec`, each error naming its key and line as the rest of the
/// config does. Kept apart from `ConfigReader`, which only hands it the list's table.
struct ListSpecReader {
    let reader: ConfigReader

    /// The spec keys a list table may hold beside `path`, `items`, `paging`, `fields`.
    static let keys = ["key", "card", "detail", "by_keys", "item", "filters", "search", "recognised_by", "events", "columns", "table", "layout"]

    func spec(_ table: TOMLTable, at: [String]) throws(ConfigError) -> ListSpec {
        var spec = ListSpec()
        if let value = table["key"] {
            spec.key = try strings(value, "key", at: at + ["key"], message: "key is a field name or an array of them")
        }
        if let paging = table["paging"]?.table { spec.paging = try self.paging(paging, at: at + ["paging"]) }
        if let value = table["card"] {
            guard let card = value.table else { throw reader.error("card must be a table { title, subtitle, note, picture, badge }", at: at + ["card"]) }
            spec.card = try self.card(card, at: at + ["card"])
        }
        if let value = table["detail"] {
            guard let detail = value.table else { throw reader.error("detail must be a table { fields, related }", at: at + ["detail"]) }
            spec.detail = try self.detail(detail, at: at + ["detail"])
        }
        if let value = table["by_keys"] { spec.byKeys = try byKeys(value, at: at + ["by_keys"]) }
        if let value = table["item"] {
            guard let text = value.string, text.contains("{key}") else {
                throw reader.error("item is a URL or path holding {key}, e.g. \"/members/{key}\"", at: at + ["item"])
            }
            spec.item = text
        }
        if let value = table["events"] {
            guard let text = value.string, text.hasPrefix("/") || text.hasPrefix("https://") || text.hasPrefix("http://") else {
                throw reader.error("events is the URL or path of the list's text/event-stream, e.g. \"/members/events\"", at: at + ["events"])
            }
            spec.events = text
        }
        if let value = table["columns"] {
            spec.columns = try strings(value, "columns", at: at + ["columns"], message: "columns is an array of fields")
        }
        if let value = table["table"] {
            guard let array = value.array else { throw reader.error("table is an array of columns: a field, or { field, label, format }", at: at + ["table"]) }
            spec.table = try array.map { element throws(ConfigError) in try field(element, at: at + ["table"], keys: ["field", "label", "format"]) }
        }
        if let value = table["layout"] {
            guard let name = value.string, let layout = RecordLayout(rawValue: name) else {
                throw reader.error("layout is \"tree\" (a record's fields as a JSON tree) or \"columns\" (a table's row: every column, id and name first)", at: at + ["layout"])
            }
            spec.layout = layout
            // A row as served is drawn by its columns alone: what would shape a record is never read.
            let unread = ["card", "detail", "columns", "table"].filter { table[$0] != nil }
            if layout == .columns, !unread.isEmpty {
                throw reader.error("layout = \"columns\" shows every column as served: it takes no \(unread.joined(separator: ", ")) (leave layout out to use them)", at: at + ["layout"])
            }
        }
        if let value = table["filters"] {
            guard let filters = value.table else { throw reader.error("filters is a table of parameter = [values]", at: at + ["filters"]) }
            for name in reader.inFileOrder(filters.keys, under: at + ["filters"]) {
                spec.filters.append(try filter(name, filters[name], at: at + ["filters", name]))
            }
        }
        spec.search = try string(table, "search", at: at)
        spec.recognisedBy = try string(table, "recognised_by", at: at)
        return spec
    }

    /// `{ style = "page", page = "pg", size = "per", total = "paging.total_count" }`.
    private func paging(_ table: TOMLTable, at: [String]) throws(ConfigError) -> PagingSpec {
        guard let style = table["style"]?.string else {
            throw reader.error("paging needs a style (\(PagingDialects.names.joined(separator: ", ")))", at: at)
        }
        guard let known = PagingSpec.keys[style] else {
            throw reader.error("paging style \(style) is not one of \(PagingDialects.names.joined(separator: ", "))", at: at + ["style"])
        }
        var spec = PagingSpec(style: style)
        for key in table.keys where key != "style" {
            guard known.contains(key) else {
                throw reader.error("paging style \(style) takes \(known.isEmpty ? "no other keys" : known.joined(separator: ", ")), not \(key)", at: at + [key])
            }
            if key == "past_end" {
                spec.pastEnd = try pastEnd(table[key], at: at + [key])
            } else {
                spec.names[key] = try string(table, key, at: at)
            }
        }
        return spec
    }

    /// `past_end = 404` (any answer of that status), or `{ status = 404, error = "There is
    /// nothing here" }` (only an answer whose JSON body's `error` says exactly that).
    private func pastEnd(_ value: TOMLValueConvertible?, at: [String]) throws(ConfigError) -> PastEnd {
        let message = "past_end is the HTTP status a page past the end answers (404), or { status = 404, error = \"There is nothing here\" }"
        if let status = value?.int {
            guard (400...599).contains(status) else { throw reader.error(message, at: at) }
            return PastEnd(status: status)
        }
        guard let table = value?.table, let status = table["status"]?.int, (400...599).contains(status) else { throw reader.error(message, at: at) }
        try only(table, ["status", "error"], at: at)
        let error = try string(table, "error", at: at)
        if error?.isEmpty == true {
            throw reader.error("past_end.error is the text of the body's error field a page past the end answers", at: at + ["error"])
        }
        return PastEnd(status: status, error: error)
    }

    private func card(_ table: TOMLTable, at: [String]) throws(ConfigError) -> CardSpec {
        try only(table, ["title", "subtitle", "note", "picture", "mirror_picture", "badge"], at: at)
        var card = CardSpec(title: try string(table, "title", at: at), subtitle: try string(table, "subtitle", at: at),
                            note: try string(table, "note", at: at), picture: try string(table, "picture", at: at))
        card.mirrorPicture = try string(table, "mirror_picture", at: at)
        if let value = table["badge"] {
            let here = at + ["badge"]
            guard let badge = value.table, let field = try string(badge, "field", at: here) else {
                throw reader.error("badge is a table { field, colours = { value = \"green\" }, other = \"yellow\" }", at: here)
            }
            try only(badge, ["field", "colours", "other"], at: here)
            var spec = BadgeSpec(field: field)
            if let name = try string(badge, "other", at: here) {
                guard let colour = SpecColour(rawValue: name) else {
                    throw reader.error("other is one of \(SpecColour.allCases.map(\.rawValue).joined(separator: ", "))", at: here + ["other"])
                }
                spec.other = colour
            }
            if let colours = badge["colours"] {
                guard let table = colours.table else { throw reader.error("colours is a table of value = colour", at: here + ["colours"]) }
                for value in reader.inFileOrder(table.keys, under: here + ["colours"]) {
                    guard let name = table[value]?.string, let colour = SpecColour(rawValue: name) else {
                        throw reader.error("colours.\(value) is one of \(SpecColour.allCases.map(\.rawValue).joined(separator: ", "))", at: here + ["colours", value])
                    }
                    spec.colours.append(SpecColourRule(value: value, colour: colour))
                }
            }
            card.badge = spec
        }
        return card
    }

    private func detail(_ table: TOMLTable, at: [String]) throws(ConfigError) -> DetailSpec {
        try only(table, ["fields", "related"], at: at)
        var detail = DetailSpec()
        if let value = table["fields"] {
            guard let array = value.array else { throw reader.error("detail.fields is an array of fields", at: at + ["fields"]) }
            for element in array {
                detail.fields.append(try field(element, at: at + ["fields"], keys: ["field", "label", "format", "link", "list"]))
            }
        }
        if let value = table["related"] {
            guard let array = value.array else { throw reader.error("detail.related is an array of { field, list, title }", at: at + ["related"]) }
            for element in array {
                let here = at + ["related"]
                guard let row = element.table, let field = try string(row, "field", at: here), let list = try string(row, "list", at: here) else {
                    throw reader.error("each of detail.related is { field, list, title }", at: here)
                }
                try only(row, ["field", "list", "title"], at: here)
                detail.related.append(RelatedSpec(field: field, list: list, title: try string(row, "title", at: here)))
            }
        }
        return detail
    }

    /// A detail field or table column: `"field"`, or a table of `keys` (`{ field, label,
    /// format, link, list }`).
    private func field(_ element: TOMLValueConvertible, at: [String], keys: [String]) throws(ConfigError) -> DetailFieldSpec {
        if let field = element.string { return DetailFieldSpec(field: field) }
        guard let row = element.table, let field = try string(row, "field", at: at) else {
            throw reader.error("each of \(at.suffix(2).joined(separator: ".")) is a field, or { \(keys.joined(separator: ", ")) }", at: at)
        }
        try only(row, keys, at: at)
        var format: FieldFormat?
        if let name = try string(row, "format", at: at) {
            guard let known = FieldFormat(rawValue: name) else {
                throw reader.error("format is one of \(FieldFormat.allCases.map(\.rawValue).joined(separator: ", "))", at: at + ["format"])
            }
            format = known
        }
        return DetailFieldSpec(field: field, label: try string(row, "label", at: at), format: format,
                               link: try string(row, "link", at: at), list: try string(row, "list", at: at))
    }

    /// Every related list names a list of `api` that says how to fetch by key (`by_keys`).
    func checkRelated(_ api: SavedAPI) throws(ConfigError) {
        for list in api.lists {
            for related in list.spec.detail?.related ?? [] {
                let at = ["apis", api.name, "lists", list.name, "detail", "related"]
                guard let target = api.lists.first(where: { $0.name == related.list }) else {
                    throw reader.error("related list \(related.list) is not a list of \(api.name) (\(api.lists.map(\.name).joined(separator: ", ")))", at: at)
                }
                guard target.spec.byKeys != nil else {
                    throw reader.error("related list \(related.list) needs by_keys (how to fetch its records by key)", at: at)
                }
            }
        }
    }

    /// `by_keys = "/teams?ids={keys}"`, or `{ url = "/teams?ids={keys}", max_keys = 50,
    /// max_url = 2048 }`: the template and, for the table, the cap on one request's keys
    /// (the string form's is the standard one: as many as fit in 2 KB).
    private func byKeys(_ value: TOMLValueConvertible, at: [String]) throws(ConfigError) -> ByKeysRoute {
        let message = "by_keys is a URL or path holding {keys}, e.g. \"/teams?ids={keys}\", or { url = \"…{keys}\", max_keys = 50, max_url = 2048 }"
        if let text = value.string {
            guard text.contains(ByKeys.placeholder) else { throw reader.error(message, at: at) }
            return ByKeysRoute(text)
        }
        guard let table = value.table, let text = table["url"]?.string, text.contains(ByKeys.placeholder) else { throw reader.error(message, at: at) }
        try only(table, ["url", "max_keys", "max_url"], at: at)
        var cap = ByKeysCap()
        if let keys = table["max_keys"] {
            guard let count = keys.int, count >= 1 else { throw reader.error("max_keys is how many keys one request holds (1 or more)", at: at + ["max_keys"]) }
            cap.maxKeys = count
        }
        if let bytes = table["max_url"] {
            guard let length = bytes.int, length >= text.utf8.count else {
                throw reader.error("max_url is the longest URL one request is made to, in bytes (at least the template's length)", at: at + ["max_url"])
            }
            cap.maxURLBytes = length
        }
        return ByKeysRoute(text, cap: cap)
    }

    private func only(_ table: TOMLTable, _ keys: [String], at: [String]) throws(ConfigError) {
        for key in table.keys where !keys.contains(key) {
            throw reader.error("unknown key \(key) in \(at.suffix(1).joined()) (known: \(keys.joined(separator: ", ")))", at: at + [key])
        }
    }

    func string(_ table: TOMLTable, _ key: String, at: [String]) throws(ConfigError) -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else { throw reader.error("\(key) must be a string", at: at + [key]) }
        return text
    }

    /// A string or an array of strings.
    private func strings(_ value: TOMLValueConvertible?, _ key: String, at: [String], message: String) throws(ConfigError) -> [String] {
        if let text = value?.string { return [text] }
        guard let array = value?.array else { throw reader.error(message, at: at) }
        var names: [String] = []
        for element in array {
            guard let text = element.string else { throw reader.error(message, at: at) }
            names.append(text)
        }
        guard !names.isEmpty else { throw reader.error(message, at: at) }
        return names
    }
}
