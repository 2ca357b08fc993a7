import PortalCore

/// The user's own query (`--query`): its variable definitions read for the paging
/// variables portal fills — `$after`/`$cursor`/`$endCursor` (a cursor), `$page`,
/// `$offset`/`$skip`, and `$first`/`$limit` (the size). The list itself is found in the
/// answer (`GraphQLFoundList`). Only the definitions are read, not the whole grammar:
/// the server checks the rest and says what is wrong in its `errors`.
public enum GraphQLUserQuery {
    /// Variable names portal fills, by job.
    static let cursorNames = ["after", "cursor", "endCursor"]
    static let pageNames = ["page"]
    static let offsetNames = ["offset", "skip"]
    static let sizeNames = ["first", "limit", "take", "perPage", "pageSize"]

    /// The list the query is: named by its operation (or "query"), paged by its variables.
    public static func list(_ text: String, pageSize: Int) throws(GraphQLFailure) -> GraphQLList {
        let definitions = try variables(in: text)
        let names = Set(definitions.map(\.name))
        let size = sizeNames.first { names.contains($0) }
        let required = definitions.filter { $0.type.hasSuffix("!") && !$0.hasDefault }.map(\.name)
        let paging: GraphQLPaging
        if let after = cursorNames.first(where: names.contains) {
            paging = .cursor(after: after, first: size)
        } else if let page = pageNames.first(where: names.contains) {
            paging = .page(number: page, size: size, firstNumber: 1)
        } else if let offset = offsetNames.first(where: names.contains) {
            paging = .offset(offset: offset, limit: size)
        } else {
            paging = .none
        }
        var filled = size.map { [$0] } ?? []
        switch paging {
        case .cursor(let after, _): filled.append(after)
        case .page(let number, _, _): filled.append(number)
        case .offset(let offset, _): filled.append(offset)
        case .none: break
        }
        if let missing = required.first(where: { !filled.contains($0) }) {
            throw .query("$\(missing) is required and portal cannot fill it (it fills $after/$cursor/$endCursor, $page, $offset/$skip, $first/$limit)")
        }
        if case .cursor(let after, _) = paging, required.contains(after) {
            throw .query("$\(after) must be optional: the first page has no cursor")
        }
        return GraphQLList(name: operationName(text) ?? "query", query: text, paging: paging, pageSize: pageSize)
    }

    /// One `$name: Type = default` of the operation.
    struct Definition: Equatable {
        var name: String
        var type: String
        var hasDefault: Bool
    }

    /// The operation's text with comments and strings blanked (so a `$` or brace in them
    /// is not read), up to its selection set.
    static func head(_ text: String) -> Substring {
        var out = ""
        var inString = false
        var inComment = false
        var previous: Swift.Character = " "
        for character in text {
            if inComment {
                if character == "\n" { inComment = false; out.append(" ") }
                continue
            }
            if inString {
                if character == "\"" && previous != "\\" { inString = false }
                previous = character
                out.append(" ")
                continue
            }
            if character == "#" { inComment = true; continue }
            if character == "\"" { inString = true; previous = " "; out.append(" "); continue }
            if character == "{" { break }
            out.append(character)
        }
        return Substring(out)
    }

    static func variables(in text: String) throws(GraphQLFailure) -> [Definition] {
        let head = head(text)
        guard let open = head.firstIndex(of: "(") else { return [] }
        guard let close = head[open...].firstIndex(of: ")") else { throw .query("the variable definitions are not closed with )") }
        var definitions: [Definition] = []
        for part in head[head.index(after: open)..<close].split(separator: "$", omittingEmptySubsequences: false).dropFirst() {
            let pieces = part.split(separator: ":", maxSplits: 1)
            let name = pieces.first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            guard GraphQLName.isValid(name), pieces.count == 2 else { throw .query("a variable definition portal cannot read: $\(Sanitize.line(String(part.prefix(40))))") }
            let rest = pieces[1].split(separator: "=", maxSplits: 1)
            let type = (rest.first.map(String.init) ?? "").filter { !$0.isWhitespace && $0 != "," }
            definitions.append(Definition(name: name, type: type, hasDefault: rest.count == 2))
        }
        return definitions
    }

    /// `query Name(…)` → Name.
    static func operationName(_ text: String) -> String? {
        let words = head(text).split { $0.isWhitespace || $0 == "(" }
        guard words.count >= 2, ["query"].contains(words[0]) else { return nil }
        let name = String(words[1])
        return GraphQLName.isValid(name) ? name : nil
    }
}

/// Why a GraphQL server cannot be browsed: said before the screen changes.
public enum GraphQLFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server does not answer introspection.
    case noIntrospection
    /// The schema has no root field portal can list.
    case noLists
    /// The `--query` cannot be used as it is.
    case query(String)
    /// A request failed (after its retries), with the page failure's message.
    case request(String)
    /// The schema is past `GraphQLSchemaLimits` (what it has too many of).
    case tooLarge(String)

    public var description: String {
        switch self {
        case .noIntrospection:
            "the server does not answer introspection (its schema is hidden): give your own query with --query 'query($after: String) { … }' or --query @file.graphql"
        case .noLists:
            "no root Query field returns a list or a connection portal can page without other arguments: give your own query with --query"
        case .query(let why):
            "--query: \(why)"
        case .request(let why):
            why
        case .tooLarge(let what):
            "the schema is too large to read: \(what)"
        }
    }
}
