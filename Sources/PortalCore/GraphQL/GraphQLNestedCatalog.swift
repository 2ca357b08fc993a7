import Foundation

/// The lists inside a GraphQL node (a character's `episodes(first:, after:)` connection,
/// its plain `episode` list), found in the schema so a node's detail can offer each as a
/// link the pane opens and pages by that list's own cursor. A node is asked again by a
/// root field that takes its `id` (`character(id: ID!)`); a type without one has none.
public struct GraphQLNestedCatalog: Sendable, Hashable {
    /// How one node type is asked for by id, and the query of each of its nested lists.
    public struct NodeType: Sendable, Hashable {
        /// Nested list field name → the query of one page of it (variables `$portalNodeId`
        /// and the list's own paging variables).
        public var queries: [String: String]
        /// Nested list field name → its paging.
        public var paging: [String: GraphQLPaging]
        /// The nested list fields in the schema's order.
        public var fields: [String]
    }

    /// Node type name → its nested lists.
    public var types: [String: NodeType]
    /// Tab (root list) name → the type of its items.
    public var listNodeTypes: [String: String]

    public init(types: [String: NodeType] = [:], listNodeTypes: [String: String] = [:]) {
        self.types = types
        self.listNodeTypes = listNodeTypes
    }

    /// The nested lists of every type a root field looks up by `id`.
    public static func make(from schema: GraphQLSchema) -> GraphQLNestedCatalog {
        var catalog = GraphQLNestedCatalog()
        for root in schema.rootFields {
            switch GraphQLQueryBuilder.shape(of: root, in: schema) {
            case .list(let node)?, .edges(let node, _)?, .nodes(let node, _)?, .results(let node, _)?, .items(let node, _)?:
                catalog.listNodeTypes[root.name] = node.name
            case nil: break
            }
            guard !root.type.isList, let type = schema.types[root.type.core.name], catalog.types[type.name] == nil,
                  let id = root.argument("id"), root.requiredArguments.allSatisfy({ $0.name == "id" }) else { continue }
            catalog.types[type.name] = nodeType(type, in: schema, idType: id.type.text) { "\(root.name)(id: $portalNodeId) { \($0) }" }
        }
        catalog.addRelayNodes(from: schema)
        return catalog
    }

    /// `type`'s nested lists, each query's list call wrapped by `lookup` (the root field
    /// that finds the node by `$portalNodeId`); nil when it has none.
    static func nodeType(_ type: GraphQLObjectType, in schema: GraphQLSchema, idType: String, lookup: (String) -> String) -> NodeType? {
        var entry = NodeType(queries: [:], paging: [:], fields: [])
        for field in type.fields where !field.type.isLeaf {
            guard let call = GraphQLQueryBuilder.call(for: field, in: schema) else { continue }
            let definitions = (["$portalNodeId: \(idType)"] + call.definitions).joined(separator: ", ")
            entry.queries[field.name] = "query PortalNested(\(definitions)) { \(lookup(call.text)) }"
            entry.paging[field.name] = call.paging
            entry.fields.append(field.name)
        }
        return entry.fields.isEmpty ? nil : entry
    }

    /// Relay servers (graphene, strawberry) look every node up by its global id through one
    /// root field, `node(id: ID!): Node`, an interface: a type implementing it that no root
    /// field of its own looks up is asked as `node(id: $portalNodeId) { ... on Character {
    /// episodes(…) { … } } }`.
    mutating func addRelayNodes(from schema: GraphQLSchema) {
        for root in schema.rootFields {
            guard !root.type.isList, let interface = schema.types[root.type.core.name], interface.isInterface,
                  let id = root.argument("id"), root.requiredArguments.allSatisfy({ $0.name == "id" }) else { continue }
            for type in schema.types.values where type.interfaces.contains(interface.name) && !type.isInterface && types[type.name] == nil {
                types[type.name] = Self.nodeType(type, in: schema, idType: id.type.text) {
                    "\(root.name)(id: $portalNodeId) { ... on \(type.name) { \($0) } }"
                }
            }
        }
    }
}
