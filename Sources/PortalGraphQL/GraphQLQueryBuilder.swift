import PortalCore

/// Finds the lists among a schema's root Query fields and writes the query for each: a
/// field returning a list of objects, a Relay connection (`edges { node }` or `nodes`,
/// with `pageInfo`), or a page object (`results` + `info`, Rick and Morty's). Its paging
/// is read from the field's arguments; a field that requires any other argument is left
/// out (portal could not fill it). The query selects the node's leaf fields (`id` always
/// first), and each nested object's `name`.
public enum GraphQLQueryBuilder {
    /// Names of a size argument, in the order tried.
    static let sizeNames = ["first", "limit", "take", "perPage", "per_page", "pageSize", "page_size", "size"]
    /// The most leaf fields a node's selection holds.
    static let maxLeaves = 40

    /// Every list of the schema's root type, in the schema's order.
    public static func lists(in schema: GraphQLSchema, pageSize: Int) -> [GraphQLList] {
        schema.rootFields.compactMap { list(for: $0, in: schema, pageSize: pageSize) }
    }

    /// Where the items are in a field's value.
    enum Shape {
        case list(GraphQLObjectType)
        case edges(GraphQLObjectType, container: GraphQLObjectType)
        case nodes(GraphQLObjectType, container: GraphQLObjectType)
        case results(GraphQLObjectType, container: GraphQLObjectType)
        /// An offset page object: `items` beside `totalCount` (the mirror's `charactersPage`).
        case items(GraphQLObjectType, container: GraphQLObjectType)
    }

    static func shape(of field: GraphQLField, in schema: GraphQLSchema) -> Shape? {
        guard let type = schema.types[field.type.core.name] else { return nil }
        if field.type.isList { return .list(type) }
        func objectList(_ name: String) -> GraphQLObjectType? {
            guard let inner = type.field(name), inner.type.isList, inner.requiredArguments.isEmpty else { return nil }
            return schema.types[inner.type.core.name]
        }
        if let edge = objectList("edges"), let node = edge.field("node"), !node.type.isList, let nodeType = schema.types[node.type.core.name] {
            return .edges(nodeType, container: type)
        }
        if let node = objectList("nodes") { return .nodes(node, container: type) }
        if let node = objectList("results") { return .results(node, container: type) }
        if let node = objectList("items") { return .items(node, container: type) }
        return nil
    }

    static func paging(of field: GraphQLField, container: GraphQLObjectType?) -> GraphQLPaging {
        let size = sizeNames.first { field.argument($0) != nil }
        if field.argument("after") != nil, container?.field("pageInfo") != nil {
            return .cursor(after: "after", first: field.argument("first") == nil ? nil : "first")
        }
        if field.argument("page") != nil {
            return .page(number: "page", size: size, firstNumber: 1)
        }
        if let offset = ["offset", "skip"].first(where: { field.argument($0) != nil }) {
            return .offset(offset: offset, limit: size)
        }
        return .none
    }

    static func list(for field: GraphQLField, in schema: GraphQLSchema, pageSize: Int) -> GraphQLList? {
        guard let call = call(for: field, in: schema) else { return nil }
        let head = call.definitions.isEmpty ? "query PortalList" : "query PortalList(\(call.definitions.joined(separator: ", ")))"
        return GraphQLList(name: field.name, query: "\(head) { \(call.text) }", paging: call.paging, pageSize: pageSize,
                           asksTotal: call.asksTotal)
    }

    /// A list field as a query writes it: its paging, the variables it declares, and the
    /// call with its selection (`episodes(first: $first, after: $after) { … }`).
    struct Call {
        var paging: GraphQLPaging
        var definitions: [String]
        var text: String
        /// The selection asks for the list's total.
        var asksTotal: Bool
    }

    static func call(for field: GraphQLField, in schema: GraphQLSchema) -> Call? {
        guard !field.name.hasPrefix("__"), let shape = shape(of: field, in: schema) else { return nil }
        let container: GraphQLObjectType?
        switch shape {
        case .list: container = nil
        case .edges(_, let c), .nodes(_, let c), .results(_, let c), .items(_, let c): container = c
        }
        let paging = paging(of: field, container: container)
        let filled: [String]
        switch paging {
        case .none: filled = []
        case .cursor(let after, let first): filled = [after] + (first.map { [$0] } ?? [])
        case .page(let number, let size, _): filled = [number] + (size.map { [$0] } ?? [])
        case .offset(let offset, let limit): filled = [offset] + (limit.map { [$0] } ?? [])
        }
        guard field.requiredArguments.allSatisfy({ filled.contains($0.name) }) else { return nil }
        let arguments = filled.compactMap { field.argument($0) }
        let definitions = arguments.map { "$\($0.name): \($0.type.text)" }
        let passing = arguments.map { "\($0.name): $\($0.name)" }.joined(separator: ", ")
        let body = selection(shape, in: schema)
        let call = passing.isEmpty ? field.name : "\(field.name)(\(passing))"
        let asksTotal = container.map { !totals($0, in: schema).isEmpty || infoFields($0, in: schema).contains("count") } ?? false
        return Call(paging: paging, definitions: definitions, text: "\(call) \(body)", asksTotal: asksTotal)
    }

    static func selection(_ shape: Shape, in schema: GraphQLSchema) -> String {
        switch shape {
        case .list(let node):
            return "{ \(nodeFields(node, in: schema)) }"
        case .edges(let node, let container):
            return "{ \(totals(container, in: schema))pageInfo { hasNextPage endCursor } edges { cursor node { \(nodeFields(node, in: schema)) } } }"
        case .nodes(let node, let container):
            let info = container.field("pageInfo") == nil ? "" : "pageInfo { hasNextPage endCursor } "
            return "{ \(totals(container, in: schema))\(info)nodes { \(nodeFields(node, in: schema)) } }"
        case .results(let node, let container):
            let parts = infoFields(container, in: schema)
            let info = parts.isEmpty ? "" : "info { \(parts.joined(separator: " ")) } "
            return "{ \(totals(container, in: schema))\(info)results { \(nodeFields(node, in: schema)) } }"
        case .items(let node, let container):
            return "{ \(totals(container, in: schema))items { \(nodeFields(node, in: schema)) } }"
        }
    }

    /// What a page object's `info` says of the list (Rick and Morty's `info { count pages next }`).
    static func infoFields(_ container: GraphQLObjectType, in schema: GraphQLSchema) -> [String] {
        guard let infoField = container.field("info"), let infoType = schema.types[infoField.type.core.name] else { return [] }
        return ["count", "pages", "next"].filter { infoType.field($0)?.type.isLeaf == true }
    }

    /// `totalCount`/`count` beside the items, when the container has one.
    static func totals(_ container: GraphQLObjectType, in schema: GraphQLSchema) -> String {
        ["totalCount", "count"].first { name in
            guard let field = container.field(name) else { return false }
            return field.type.isLeaf && !field.type.isList && field.requiredArguments.isEmpty
        }.map { "\($0) " } ?? ""
    }

    /// A field a card would rather not show first: a time (`created`, `updatedAt`,
    /// `air_date`) or an address (`url`, `image`).
    static func isBackground(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["created", "updated", "modified"].contains(where: lower.hasPrefix) || name.hasSuffix("At") || lower.hasSuffix("_at")
            || lower.hasSuffix("date") || ["url", "image", "avatar"].contains(where: lower.hasSuffix)
    }

    /// The node's leaf fields (`id` first, at most `maxLeaves`), then `object { name }` for
    /// each nested object that has a name (at most `GraphQLSchemaLimits.maxNestedSelections`).
    static func nodeFields(_ node: GraphQLObjectType, in schema: GraphQLSchema) -> String {
        let usable = node.fields.filter { $0.requiredArguments.isEmpty && !$0.name.hasPrefix("__") }
        var leaves = usable.filter { $0.type.isLeaf }.map(\.name)
        // Timestamps and addresses last, so the cards' first short fields are telling ones.
        leaves = leaves.filter { !isBackground($0) } + leaves.filter(isBackground)
        if let id = leaves.firstIndex(of: "id") { leaves.insert(leaves.remove(at: id), at: 0) }
        var parts = Array(leaves.prefix(maxLeaves))
        let most = parts.count + GraphQLSchemaLimits.standard.maxNestedSelections
        for field in usable where !field.type.isLeaf && !field.type.isList && parts.count < most {
            guard let type = schema.types[field.type.core.name], let name = type.field("name"),
                  name.type.isLeaf, name.requiredArguments.isEmpty else { continue }
            parts.append("\(field.name) { name }")
        }
        if parts.isEmpty { parts = ["__typename"] }
        return parts.joined(separator: " ")
    }
}
