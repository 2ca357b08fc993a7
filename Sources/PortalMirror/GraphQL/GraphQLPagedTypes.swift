import GraphQL

/// Rick and Morty's own page object (`characters(page:)`): `info { count pages next prev }`
/// with page numbers for `next`/`prev`, and `results`.
struct RickAndMortyPage: Sendable {
    static let size = 20
    let count: Int
    let pages: Int
    let next: Int?
    let prev: Int?
    let results: [any Sendable]

    /// Page `page` (1 when absent or below 1) of `count` items; a page past the end holds
    /// no results and no links.
    init(page: Int?, count: Int, item: (Int) -> any Sendable) {
        let page = max(page ?? 1, 1)
        self.count = count
        pages = (count + Self.size - 1) / Self.size
        let inRange = page <= pages
        next = inRange && page < pages ? page + 1 : nil
        prev = inRange && page > 1 ? page - 1 : nil
        let start = (page - 1) * Self.size
        results = inRange ? (start..<min(start + Self.size, count)).map(item) : []
    }
}

/// A Relay connection's answer: the slice's nodes with their cursors, its page info and
/// the list's total.
struct RelayConnection: Sendable {
    let slice: RelaySlice
    let totalCount: Int
    let nodes: [any Sendable]
    let cursors: [String]

    /// The connection over `count` items for the arguments `first`/`after`/`last`/`before`,
    /// with graphql-relay's offset cursors.
    init(count: Int, arguments: Map, item: (Int) -> any Sendable) throws {
        do {
            slice = try RelaySlice(
                count: count, first: intArgument(arguments, "first"), after: stringArgument(arguments, "after"),
                last: intArgument(arguments, "last"), before: stringArgument(arguments, "before"))
        } catch {
            throw FieldRefusal(description: error.message)
        }
        totalCount = count
        nodes = slice.range.map(item)
        cursors = slice.range.map(RelaySlice.cursor)
    }

    /// A connection over a slice worked out elsewhere, with its own cursors.
    init(slice: RelaySlice, totalCount: Int, nodes: [any Sendable], cursors: [String]) {
        self.slice = slice
        self.totalCount = totalCount
        self.nodes = nodes
        self.cursors = cursors
    }

    var edges: [RelayEdge] { zip(cursors, nodes).map { RelayEdge(cursor: $0, node: $1) } }
    var startCursor: String? { cursors.first }
    var endCursor: String? { cursors.last }

    static let arguments: GraphQLArgumentConfigMap = [
        "first": GraphQLArgument(type: GraphQLInt, description: "The first N items after `after` (at most 100; 20 when neither first nor last is given)."),
        "after": GraphQLArgument(type: GraphQLString, description: "A cursor: items after it."),
        "last": GraphQLArgument(type: GraphQLInt, description: "The last N items before `before` (at most 100)."),
        "before": GraphQLArgument(type: GraphQLString, description: "A cursor: items before it."),
    ]
}

struct RelayEdge: Sendable {
    let cursor: String
    let node: any Sendable
}

/// An offset page (`charactersPage(offset:, limit:)`), as Hasura-, Prisma- or
/// PostGraphile-style APIs page: `totalCount` and the `items` from `offset`.
struct OffsetPage: Sendable {
    static let defaultLimit = 20
    static let maxLimit = 100
    let totalCount: Int
    let offset: Int
    let limit: Int
    let items: [any Sendable]

    init(count: Int, arguments: Map, item: (Int) -> any Sendable) throws {
        let offset = intArgument(arguments, "offset") ?? 0
        let limit = intArgument(arguments, "limit") ?? Self.defaultLimit
        guard offset >= 0 else { throw FieldRefusal(description: "Argument \"offset\" must be a non-negative integer") }
        guard (0...Self.maxLimit).contains(limit) else {
            throw FieldRefusal(description: "Argument \"limit\" must be between 0 and \(Self.maxLimit)")
        }
        totalCount = count
        self.offset = offset
        self.limit = limit
        let start = min(offset, count)
        items = (start..<min(start + limit, count)).map(item)
    }

    static let arguments: GraphQLArgumentConfigMap = [
        "offset": GraphQLArgument(type: GraphQLInt, description: "How many items to skip (0 when absent)."),
        "limit": GraphQLArgument(type: GraphQLInt, description: "How many items to answer (20 when absent, at most 100)."),
    ]
}

/// The object types of the three paging styles for a node type named `node`
/// (`Character`): `Characters` + `Info`, `CharacterConnection` + `CharacterEdge` +
/// `PageInfo`, and `CharacterPage`.
enum PagedTypes {
    static func pageInfo() throws -> GraphQLObjectType {
        try GraphQLObjectType(name: "PageInfo", description: "Relay's page info of a connection.", fields: [
            "hasNextPage": read(nonNull(GraphQLBoolean)) { (c: RelayConnection, _) in c.slice.hasNextPage },
            "hasPreviousPage": read(nonNull(GraphQLBoolean)) { (c: RelayConnection, _) in c.slice.hasPreviousPage },
            "startCursor": read(GraphQLString) { (c: RelayConnection, _) in c.startCursor },
            "endCursor": read(GraphQLString) { (c: RelayConnection, _) in c.endCursor },
        ])
    }

    static func info() throws -> GraphQLObjectType {
        try GraphQLObjectType(name: "Info", description: "Rick and Morty's page info: next and prev are page numbers.", fields: [
            "count": read(GraphQLInt) { (p: RickAndMortyPage, _) in p.count },
            "pages": read(GraphQLInt) { (p: RickAndMortyPage, _) in p.pages },
            "next": read(GraphQLInt) { (p: RickAndMortyPage, _) in p.next },
            "prev": read(GraphQLInt) { (p: RickAndMortyPage, _) in p.prev },
        ])
    }

    /// `Characters`, `CharacterConnection`, `CharacterEdge` and `CharacterPage` for `node`,
    /// added to `book`.
    static func add(node: String, plural: String, to book: SchemaTypeBook) throws {
        let nodeType = try book.named(node)
        book.add(try GraphQLObjectType(name: plural, fields: [
            "info": read(book.named("Info")) { (p: RickAndMortyPage, _) in p },
            "results": read(GraphQLList(nodeType)) { (p: RickAndMortyPage, _) in listValue(p.results) },
        ]))
        let edge = try GraphQLObjectType(name: "\(node)Edge", fields: [
            "cursor": read(nonNull(GraphQLString)) { (e: RelayEdge, _) in e.cursor },
            "node": read(nonNull(nodeType)) { (e: RelayEdge, _) in e.node },
        ])
        book.add(edge)
        book.add(try GraphQLObjectType(name: "\(node)Connection", fields: [
            "edges": read(nonNull(GraphQLList(nonNull(edge)))) { (c: RelayConnection, _) in listValue(c.edges) },
            "nodes": read(nonNull(GraphQLList(nonNull(nodeType)))) { (c: RelayConnection, _) in listValue(c.nodes) },
            "pageInfo": read(nonNull(book.named("PageInfo"))) { (c: RelayConnection, _) in c },
            "totalCount": read(nonNull(GraphQLInt)) { (c: RelayConnection, _) in c.totalCount },
        ]))
        book.add(try GraphQLObjectType(name: "\(node)Page", fields: [
            "totalCount": read(nonNull(GraphQLInt)) { (p: OffsetPage, _) in p.totalCount },
            "offset": read(nonNull(GraphQLInt)) { (p: OffsetPage, _) in p.offset },
            "limit": read(nonNull(GraphQLInt)) { (p: OffsetPage, _) in p.limit },
            "items": read(nonNull(GraphQLList(nonNull(nodeType)))) { (p: OffsetPage, _) in listValue(p.items) },
        ]))
    }
}
