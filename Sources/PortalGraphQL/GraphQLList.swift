import Foundation
import PortalCore
import PortalJSON

/// One list portal browses on a GraphQL server: a root field it found in the schema (its
/// query built by `GraphQLQueryBuilder`) or the user's own `--query`. The query text is
/// fixed; only its paging variables change from page to page, so every page is one POST
/// of the same text with other `variables`, and a page asked for twice is the same body
/// (the caches' key).
public struct GraphQLList: Sendable, Hashable {
    /// The tab's name: the root field's, or the query's list's.
    public var name: String
    /// The whole operation, variables declared.
    public var query: String
    public var paging: GraphQLPaging
    /// Items asked for per page (the size variable's value); for a query with no size
    /// variable, the size portal expects (a wrong guess only makes the list walk).
    public var pageSize: Int
    /// Whether the query asks for the list's total (`totalCount`, `count`, `info { count }`):
    /// an addressable list jumps to its end only by a total. Without one (graphene-django's
    /// and strawberry's default connections, a plain list with `offset`/`limit`) End walks.
    /// True for the user's own query, which portal reads rather than writes.
    public var asksTotal: Bool

    public init(name: String, query: String, paging: GraphQLPaging, pageSize: Int, asksTotal: Bool = true) {
        self.name = name
        self.query = query
        self.paging = paging
        self.pageSize = max(1, pageSize)
        self.asksTotal = asksTotal
    }

    /// `--explain`'s and the trace's line: the paging, the size, and whether End jumps.
    /// `offsetCursors` nil: a Relay list whose first page has not been seen yet.
    public func summary(offsetCursors: Bool?) -> String {
        let reach: String
        if case .cursor = paging, offsetCursors == nil {
            reach = "jumps if its cursors are offsets (seen on its first page), else walks"
        } else if !isAddressable(offsetCursors: offsetCursors ?? false) {
            reach = "walks"
        } else if asksTotal {
            reach = "jumps"
        } else {
            reach = "jumps (no total: End finds the end in a few requests)"
        }
        return "\(name): \(paging.label), \(pageSize) a page, \(reach)"
    }

    /// The variables of page `index` when it can be asked for without the page before
    /// it (page numbers, offsets, and Relay cursors that are offsets); nil otherwise.
    public func variables(forPage index: Int, offsetCursors: Bool) -> [(String, GraphQLValue)]? {
        guard index >= 0 else { return nil }
        let (start, overflow) = index.multipliedReportingOverflow(by: pageSize)
        guard !overflow else { return nil }
        switch paging {
        case .none:
            return index == 0 ? [] : nil
        case .cursor(let after, let first):
            var variables = first.map { [($0, GraphQLValue.int(pageSize))] } ?? []
            if index == 0 { return variables }
            guard offsetCursors else { return nil }
            variables.append((after, .string(GraphQLOffsetCursor.make(start - 1))))
            return variables
        case .page(let number, let size, let firstNumber):
            let (value, past) = firstNumber.addingReportingOverflow(index)
            guard !past else { return nil }
            return [(number, .int(value))] + (size.map { [($0, GraphQLValue.int(pageSize))] } ?? [])
        case .offset(let offset, let limit):
            return [(offset, .int(start))] + (limit.map { [($0, GraphQLValue.int(pageSize))] } ?? [])
        }
    }

    /// Whether any page can be addressed (page numbers, offsets; cursors when they are
    /// offsets).
    public func isAddressable(offsetCursors: Bool) -> Bool {
        switch paging {
        case .none: false
        case .cursor: offsetCursors
        case .page, .offset: true
        }
    }
}

/// How a list's pages are asked for, by the names of the query's variables.
public enum GraphQLPaging: Sendable, Hashable {
    /// One answer holds the whole list.
    case none
    /// Relay: `after` (the cursor variable: `$after`, `$cursor`, `$endCursor`) from
    /// `pageInfo { hasNextPage endCursor }`, `first` the size.
    case cursor(after: String, first: String?)
    /// Page numbers (`$page`, from `firstNumber`), `size` the page size if the field takes one.
    case page(number: String, size: String?, firstNumber: Int)
    /// Offsets (`$offset`/`$skip`), `limit` the page size (`$limit`/`$first`/`$take`).
    case offset(offset: String, limit: String?)

    /// How `--explain`/the trace names it.
    public var label: String {
        switch self {
        case .none: "one page"
        case .cursor(let after, _): "Relay cursors ($\(after))"
        case .page(let number, _, _): "page numbers ($\(number))"
        case .offset(let offset, _): "offsets ($\(offset))"
        }
    }
}

/// A variable's value: the paging variables are all numbers or strings.
public enum GraphQLValue: Sendable, Hashable {
    case int(Int)
    case string(String)
}

/// graphql-relay's array-connection cursors (graphene, strawberry, graphql-relay-js):
/// base64 of `arrayconnection:N`, N the item's offset. Made by portal to jump; read back
/// from an answer to check the server agrees.
public enum GraphQLOffsetCursor {
    static let prefix = "arrayconnection:"

    public static func make(_ offset: Int) -> String {
        Data((prefix + String(offset)).utf8).base64EncodedString()
    }

    /// The offset a cursor stands for, or nil when it is not an array-connection cursor.
    public static func offset(of cursor: String) -> Int? {
        guard cursor.utf8.count <= 64, let data = Data(base64Encoded: cursor) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard text.hasPrefix(prefix) else { return nil }
        let digits = text.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}

/// The POST a GraphQL page is: `{"query":…,"variables":{…}}` as JSON, keys in a fixed
/// order so the same page is always the same bytes (the caches key a POST by its body).
public enum GraphQLRequestBody {
    public static func make(query: String, variables: [(String, GraphQLValue)]) -> Data {
        var writer = JSONWriter(reserving: query.utf8.count + 64)
        writer.beginObject()
        writer.field("query", query)
        writer.key("variables")
        writer.beginObject()
        for (name, value) in variables {
            switch value {
            case .int(let number): writer.field(name, number)
            case .string(let text): writer.field(name, text)
            }
        }
        writer.endObject()
        writer.endObject()
        return Data(writer.bytes)
    }

    /// The variables a page's body was sent with (to take the next page from it).
    public static func variables(of body: Data?) -> JSONNode? {
        guard let body, let root = try? JSONNode.parse(body) else { return nil }
        return root.node["variables"]
    }

    /// The request: a POST of `body` to `endpoint` with JSON's content type, and `headers`.
    public static func request(_ endpoint: URL, headers: [String: String], query: String, variables: [(String, GraphQLValue)]) -> HTTPRequest {
        var all = headers
        all["Content-Type"] = "application/json"
        all["Accept"] = "application/json"
        return HTTPRequest(method: "POST", url: endpoint, headers: all, body: make(query: query, variables: variables))
    }
}
