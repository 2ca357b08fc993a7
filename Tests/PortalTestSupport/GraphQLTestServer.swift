import Foundation
import PortalCore
import Synchronization
import PortalGraphQL

/// A scripted GraphQL server in process, for the GraphQL client's tests: it answers
/// introspection with a fixed schema of the three paging styles portal reads, and the
/// POSTed queries by their root field and `variables`, as graphene and strawberry do:
///
/// - `characters(first:, after:)`: a Relay connection of `count` characters with
///   `totalCount`, `pageInfo` and graphql-relay's `arrayconnection:N` cursors (or opaque
///   ones with `opaqueCursors`, which it also takes back);
/// - `users(offset:, limit:)`: a plain list of `count` users;
/// - `episodes(page:)`: Rick and Morty's page object, 20 a page, `info { count pages next }`;
/// - `search(term: String!)`: a list needing an argument portal cannot fill.
///
/// - `characters1` … `charactersN` (`moreConnections: N`): more root connections of the
///   same characters, for a schema of many lists (each answered under its own name).
///
/// `answerNext` queues answers given before the script (errors, failures); every request
/// is logged. The query text is not parsed: the root field is the first of the names
/// above the query mentions (as the list or under a `--query`'s own variable names).
public final class GraphQLTestServer: Transport {
    public static let endpoint = URL(string: "http://graphql.test/graphql")!
    public let count: Int
    public let opaqueCursors: Bool
    public let introspection: Bool
    public let moreConnections: Int
    private let schema: String
    private let state = Mutex((log: [HTTPRequest](), queued: [HTTPResponse]()))

    public init(count: Int = 95, opaqueCursors: Bool = false, introspection: Bool = true, moreConnections: Int = 0) {
        self.count = count
        self.opaqueCursors = opaqueCursors
        self.introspection = introspection
        self.moreConnections = moreConnections
        schema = moreConnections == 0 ? Self.schema : Self.schema(moreConnections: moreConnections)
    }

    public var requests: [HTTPRequest] { state.withLock { $0.log } }
    public var bodies: [String] { requests.map { String(decoding: $0.body ?? Data(), as: UTF8.self) } }

    /// Answers the next request with `response` instead of the script.
    public func answerNext(_ response: HTTPResponse) { state.withLock { $0.queued.append(response) } }

    public static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.url == Self.endpoint else { throw TransportError.notServed(request.url.absoluteString) }
        let queued = state.withLock { state -> HTTPResponse? in
            state.log.append(request)
            return state.queued.isEmpty ? nil : state.queued.removeFirst()
        }
        if let queued { return queued }
        guard request.method == "POST", let body = request.body,
              let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let query = object["query"] as? String else {
            return Self.json(400, #"{"errors":[{"message":"Must provide query string."}]}"#)
        }
        let variables = object["variables"] as? [String: Any] ?? [:]
        func int(_ names: String...) -> Int? { names.lazy.compactMap { variables[$0] as? Int }.first }
        func string(_ names: String...) -> String? { names.lazy.compactMap { variables[$0] as? String }.first }
        if query.contains("__schema") {
            return introspection ? Self.json(200, schema)
                : Self.json(400, #"{"errors":[{"message":"GraphQL introspection is not allowed"}]}"#)
        }
        if let range = query.range(of: "characters") {
            // The root field asked: `characters`, or one of `moreConnections` (`characters12`).
            let name = "characters" + query[range.upperBound...].prefix { $0.isNumber }
            let first = int("first", "limit") ?? 10
            var start = 0
            if let after = string("after", "cursor", "endCursor") {
                guard let offset = cursorOffset(after) else {
                    return Self.json(200, #"{"data":{"characters":null},"errors":[{"message":"Invalid cursor"}]}"#)
                }
                start = offset + 1
            }
            let ids = Array(start..<min(start + first, count))
            let edges = ids.map { #"{"cursor":"\#(cursor($0))","node":\#(Self.character($0 + 1))}"# }.joined(separator: ",")
            let more = start + first < count
            let end = ids.last.map { "\"\(cursor($0))\"" } ?? "null"
            return Self.json(200, #"{"data":{"\#(name)":{"totalCount":\#(count),"pageInfo":{"hasNextPage":\#(more),"endCursor":\#(end)},"edges":[\#(edges)]}}}"#)
        }
        if query.contains("users") {
            let offset = int("offset", "skip") ?? 0
            let limit = int("limit", "first") ?? 10
            let users = (offset..<max(offset, min(offset + limit, count))).map { #"{"id":\#($0 + 1),"login":"user\#($0 + 1)","admin":\#($0 % 5 == 0)}"# }
            return Self.json(200, #"{"data":{"users":[\#(users.joined(separator: ","))]}}"#)
        }
        if query.contains("episodes") {
            let page = int("page") ?? 1
            let pages = (count + 19) / 20
            let results = ((page - 1) * 20..<max((page - 1) * 20, min(page * 20, count))).map { #"{"id":\#($0 + 1),"name":"Episode \#($0 + 1)"}"# }
            let next = page < pages ? String(page + 1) : "null"
            return Self.json(200, #"{"data":{"episodes":{"info":{"count":\#(count),"pages":\#(pages),"next":\#(next)},"results":[\#(results.joined(separator: ","))]}}}"#)
        }
        return Self.json(200, #"{"errors":[{"message":"Cannot query this field"}],"data":null}"#)
    }

    func cursor(_ offset: Int) -> String {
        opaqueCursors ? "opaque-\(offset * 7 + 3)" : GraphQLOffsetCursor.make(offset)
    }

    func cursorOffset(_ text: String) -> Int? {
        if opaqueCursors {
            guard text.hasPrefix("opaque-"), let n = Int(text.dropFirst(7)), n % 7 == 3 else { return nil }
            return (n - 3) / 7
        }
        return GraphQLOffsetCursor.offset(of: text)
    }

    static func character(_ id: Int) -> String {
        #"{"id":"Q2hhcmFjdGVyOj\#(id)","name":"Character \#(id)","status":"\#(["Alive", "Dead", "unknown"][id % 3])","origin":{"name":"Planet \#(id % 7)"}}"#
    }

    // MARK: The schema, as introspection answers it

    static func named(_ name: String, _ kind: String = "OBJECT") -> String { #"{"kind":"\#(kind)","name":"\#(name)","ofType":null}"# }
    static func nonNull(_ inner: String) -> String { #"{"kind":"NON_NULL","name":null,"ofType":\#(inner)}"# }
    static func list(_ inner: String) -> String { #"{"kind":"LIST","name":null,"ofType":\#(inner)}"# }
    static func arg(_ name: String, _ type: String, default value: String? = nil) -> String {
        #"{"name":"\#(name)","defaultValue":\#(value.map { "\"\($0)\"" } ?? "null"),"type":\#(type)}"#
    }
    static func field(_ name: String, _ type: String, args: [String] = []) -> String {
        #"{"name":"\#(name)","args":[\#(args.joined(separator: ","))],"type":\#(type)}"#
    }
    static func type(_ name: String, _ fields: [String]) -> String {
        #"{"kind":"OBJECT","name":"\#(name)","fields":[\#(fields.joined(separator: ","))]}"#
    }

    public static let schema: String = schema(moreConnections: 0)

    static func schema(moreConnections: Int) -> String {
        let int = named("Int", "SCALAR"), string = named("String", "SCALAR"), id = named("ID", "SCALAR"), bool = named("Boolean", "SCALAR")
        let types = [
            type("Query", [
                field("characters", nonNull(named("CharacterConnection")), args: [arg("first", int), arg("after", string), arg("last", int), arg("before", string)]),
                field("users", nonNull(list(nonNull(named("User")))), args: [arg("offset", nonNull(int), default: "0"), arg("limit", nonNull(int), default: "10")]),
                field("episodes", named("Episodes"), args: [arg("page", int)]),
                field("search", list(named("User")), args: [arg("term", nonNull(string))]),
                field("viewer", named("User")),
            ] + (0..<moreConnections).map { index in
                field("characters\(index + 1)", nonNull(named("CharacterConnection")), args: [arg("first", int), arg("after", string)])
            }),
            type("CharacterConnection", [
                field("totalCount", nonNull(int)), field("pageInfo", nonNull(named("PageInfo"))),
                field("edges", nonNull(list(nonNull(named("CharacterEdge"))))),
            ]),
            type("CharacterEdge", [field("cursor", nonNull(string)), field("node", nonNull(named("Character")))]),
            type("PageInfo", [field("hasNextPage", nonNull(bool)), field("endCursor", string)]),
            type("Character", [
                field("name", nonNull(string)), field("id", nonNull(id)), field("created", string), field("status", string), field("origin", named("Origin")),
                field("episodes", nonNull(named("CharacterConnection")), args: [arg("first", int), arg("after", string)]),
                field("portrait", string, args: [arg("size", nonNull(int))]),
            ]),
            type("Origin", [field("name", string)]),
            type("User", [field("id", nonNull(int)), field("login", nonNull(string)), field("admin", nonNull(bool))]),
            type("Episodes", [field("info", nonNull(named("Info"))), field("results", nonNull(list(nonNull(named("Episode")))))]),
            type("Info", [field("count", int), field("pages", int), field("next", int), field("prev", int)]),
            type("Episode", [field("id", int), field("name", string)]),
            #"{"kind":"SCALAR","name":"Int","fields":null}"#,
        ]
        return #"{"data":{"__schema":{"queryType":{"name":"Query"},"types":[\#(types.joined(separator: ","))]}}}"#
    }
}
