import Foundation
import TOMLKit

/// Reads one `[apis.NAME]` table into a `SavedAPI`, and finds the line of a key for the
/// error messages (TOMLKit keeps no positions for values, so by a simple text search).
struct ConfigReader {
    /// Where each key is named, read once (`ConfigKeyIndex`).
    let keys: ConfigKeyIndex
    let path: String
    let othersCanRead: Bool
    var linesExamined: Int { keys.linesExamined }

    init(text: String, path: String, othersCanRead: Bool) {
        keys = ConfigKeyIndex(lines: text.split(separator: "\n", omittingEmptySubsequences: false))
        self.path = path
        self.othersCanRead = othersCanRead
    }

    static let apiKeys: Set<String> = [
        "url", "openapi", "graphql", "kind", "headers", "auth", "lists", "page_size", "pictures", "pictures_origin",
    ]

    /// What a saved API's name may hold: it is a TOML key and a word on the command line.
    static let savedNameRule = "must start with a letter and hold only letters, digits, - and _"

    static func isSavedName(_ name: String) -> Bool {
        name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } && name.first?.isLetter == true
    }

    func api(named name: String, _ table: TOMLTable) throws(ConfigError) -> SavedAPI {
        let at = ["apis", name]
        guard Self.isSavedName(name) else { throw error("the saved API name \(name) \(Self.savedNameRule)", at: at) }
        for key in table.keys where !Self.apiKeys.contains(key) {
            throw error("unknown key \(key) in apis.\(name) (known: \(Self.apiKeys.sorted().joined(separator: ", ")))", at: at + [key])
        }
        var api = SavedAPI(name: name)
        api.url = try string(table, "url", at: at)
        api.openapi = try string(table, "openapi", at: at)
        api.graphql = try string(table, "graphql", at: at)
        for (key, value) in [("url", api.url), ("openapi", api.openapi), ("graphql", api.graphql)] { try checkURL(value, at: at + [key]) }
        api.kind = try string(table, "kind", at: at)
        api.pictures = try string(table, "pictures", at: at)
        api.picturesOrigin = try string(table, "pictures_origin", at: at)
        if let origin = api.picturesOrigin, origin != "same", origin != "any" {
            throw error("pictures_origin is \"same\" or \"any\"", at: at + ["pictures_origin"])
        }
        if let value = table["page_size"] {
            guard let size = value.int, size > 0 else { throw error("page_size must be a positive integer", at: at + ["page_size"]) }
            api.pageSize = size
        }
        if let value = table["headers"] {
            guard let headers = value.table else { throw error("headers must be a table of name = value", at: at + ["headers"]) }
            for key in headers.keys {
                guard let text = headers[key]?.string else { throw error("headers.\(key) must be a string", at: at + ["headers", key]) }
                try checkHeader(key, text, at: at + ["headers", key])
                api.headers[key] = text
            }
        }
        if let value = table["auth"] {
            guard let auth = value.table else { throw error("auth must be a table, e.g. { bearer = \"env:TOKEN\" }", at: at + ["auth"]) }
            api.auth = try self.auth(auth, at: at + ["auth"])
        }
        if let value = table["lists"] {
            guard let lists = value.table else { throw error("lists must be a table of name = path", at: at + ["lists"]) }
            for listName in inFileOrder(lists.keys, under: at + ["lists"]) {
                api.lists.append(try list(named: listName, lists[listName], at: at + ["lists", listName]))
                try checkURL(api.lists.last?.path, at: at + ["lists", listName])
            }
        }
        if api.url == nil, api.openapi == nil, api.graphql == nil, api.kind == nil {
            throw error("apis.\(name) needs url, openapi, graphql or kind", at: at)
        }
        if let kind = api.kind, kind != "rickandmorty" {
            throw error("kind \(kind) is not a preset portal knows (rickandmorty)", at: at + ["kind"])
        }
        if !api.lists.isEmpty, api.url == nil {
            throw error("lists need a url to join their paths to", at: at + ["lists"])
        }
        try ListSpecReader(reader: self).checkRelated(api)
        return api
    }

    private func list(named name: String, _ value: TOMLValueConvertible?, at: [String]) throws(ConfigError) -> SavedList {
        if let path = value?.string { return SavedList(name: name, path: path) }
        guard let table = value?.table else { throw error("a list is a path or { path, items, paging, fields }", at: at) }
        let known = ["path", "items", "paging", "fields"] + ListSpecReader.keys
        for key in table.keys where !known.contains(key) {
            throw error("unknown key \(key) in a list (known: \(known.joined(separator: ", ")))", at: at + [key])
        }
        guard let path = try string(table, "path", at: at) else { throw error("the list \(name) needs a path", at: at) }
        let paging = table["paging"]?.table == nil ? try string(table, "paging", at: at) : nil
        var list = SavedList(name: name, path: path, items: try string(table, "items", at: at), paging: paging)
        list.spec = try ListSpecReader(reader: self).spec(table, at: at)
        if let fields = table["fields"] {
            if let text = fields.string {
                list.fields = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            } else if let array = fields.array {
                var names: [String] = []
                for element in array {
                    guard let text = element.string else { throw error("fields must be strings", at: at + ["fields"]) }
                    names.append(text)
                }
                list.fields = names
            } else {
                throw error("fields is a string or an array of strings", at: at + ["fields"])
            }
        }
        return list
    }

    private func auth(_ table: TOMLTable, at: [String]) throws(ConfigError) -> SavedAuth {
        let kinds = table.keys
        guard kinds.count == 1, let kind = kinds.first else {
            throw error("auth holds exactly one of bearer, basic, header, supabase, oauth2", at: at)
        }
        let here = at + [kind]
        switch kind {
        case "bearer":
            return .bearer(try secret(table, "bearer", at: at, required: true) ?? .literal(""))
        case "basic":
            return .basic(try secret(table, "basic", at: at, required: true) ?? .literal(""))
        case "header":
            let fields = try subtable(table, kind, at: at, keys: ["name", "value"])
            guard let name = try string(fields, "name", at: here) else { throw error("auth.header needs a name", at: here) }
            return .header(name: name, value: try secret(fields, "value", at: here, required: true) ?? .literal(""))
        case "supabase":
            let fields = try subtable(table, kind, at: at, keys: ["email", "password", "key"])
            guard let email = try string(fields, "email", at: here) else { throw error("auth.supabase needs an email", at: here) }
            return .supabase(
                email: email, password: try secret(fields, "password", at: here, required: true) ?? .literal(""),
                key: try secret(fields, "key", at: here, required: false))
        case "oauth2":
            let fields = try subtable(table, kind, at: at, keys: ["token_url", "client_id", "client_secret", "scope"])
            guard let tokenURL = try string(fields, "token_url", at: here) else { throw error("auth.oauth2 needs a token_url", at: here) }
            guard let clientID = try string(fields, "client_id", at: here) else { throw error("auth.oauth2 needs a client_id", at: here) }
            return .oauth2(OAuth2ClientCredentials(
                tokenURL: tokenURL, clientID: clientID,
                clientSecret: try secret(fields, "client_secret", at: here, required: true) ?? .literal(""),
                scope: try string(fields, "scope", at: here)))
        default:
            throw error("unknown auth \(kind) (known: bearer, basic, header, supabase, oauth2)", at: here)
        }
    }

    private func subtable(_ table: TOMLTable, _ key: String, at: [String], keys: Set<String>) throws(ConfigError) -> TOMLTable {
        guard let fields = table[key]?.table else { throw error("auth.\(key) must be a table", at: at + [key]) }
        for name in fields.keys where !keys.contains(name) {
            throw error("unknown key \(name) in auth.\(key) (known: \(keys.sorted().joined(separator: ", ")))", at: at + [key, name])
        }
        return fields
    }

    private func string(_ table: TOMLTable, _ key: String, at: [String]) throws(ConfigError) -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else { throw error("\(key) must be a string", at: at + [key]) }
        return text
    }

    /// A secret reference; a literal only when no one else can read the file.
    private func secret(_ table: TOMLTable, _ key: String, at: [String], required: Bool) throws(ConfigError) -> SecretReference? {
        let here = at + [key]
        guard let text = try string(table, key, at: at) else {
            if required { throw error("\(dotted(here)) is missing", at: at) }
            return nil
        }
        let reference: SecretReference
        do {
            reference = try SecretReference(parsing: text)
        } catch {
            throw self.error("\(dotted(here)): \(error.description)", at: here)
        }
        if reference.isLiteral, othersCanRead {
            throw error(
                "\(dotted(here)) is a literal secret in a file others can read: use env:NAME, file:PATH or command:…, or chmod 600 the file",
                at: here)
        }
        return reference
    }

    func error(_ message: String, at keyPath: [String]) -> ConfigError {
        ConfigError(path: path, line: line(of: keyPath), message: message)
    }

    private func dotted(_ keyPath: [String]) -> String { keyPath.joined(separator: ".") }

    /// `keys` sorted by where the file first names them (TOMLKit's tables are sorted by name).
    func inFileOrder(_ keys: [String], under parent: [String]) -> [String] {
        keys.map { key in (key, position(of: parent + [key]) ?? (Int.max, Int.max)) }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }

    /// The line naming `keyPath`: each component found as a key (`name =`, `name.`, `[…name]`,
    /// quoted or not) at or after the line of the one before it.
    func line(of keyPath: [String]) -> Int? {
        position(of: keyPath).map { $0.line + 1 }
    }

    /// `line(of:)`'s line (0-based) and the column there, which orders the keys of an
    /// inline table written on one line.
    private func position(of keyPath: [String]) -> (line: Int, column: Int)? {
        var found: ConfigKeyIndex.Place?
        for component in keyPath {
            guard let hit = keys.first(component, atOrAfter: found) else { break }
            found = hit
        }
        return found.map { ($0.line, $0.column) }
    }
}
