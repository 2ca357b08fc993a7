import Foundation
import PortalCore

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
    /// Tab (root list) name → how one of its records is asked by id (`GraphQLItemLookup`).
    public var lookups: [String: GraphQLItemLookup] = [:]

    public init(types: [String: NodeType] = [:], listNodeTypes: [String: String] = [:]) {
        self.types = types
        self.listNodeTypes = listNodeTypes
    }

    /// Bytes of query text the catalog holds; past `GraphQLSchemaLimits.maxCatalogBytes`
    /// further types get no nested lists.
    var queryBytes = 0

    /// The nested lists of every type a root field looks up by `id`.
    public static func make(from schema: GraphQLSchema, limits: GraphQLSchemaLimits = .standard) -> GraphQLNestedCatalog {
        var catalog = GraphQLNestedCatalog()
        let budget = limits.maxCatalogBytes
        for root in schema.rootFields {
            switch GraphQLQueryBuilder.shape(of: root, in: schema) {
            case .list(let node)?, .edges(let node, _)?, .nodes(let node, _)?, .results(let node, _)?, .items(let node, _)?:
                catalog.listNodeTypes[root.name] = node.name
            case nil: break
            }
            guard !root.type.isList, let type = schema.types[root.type.core.name], catalog.types[type.name] == nil,
                  let id = root.argument("id"), root.requiredArguments.allSatisfy({ $0.name == "id" }) else { continue }
            catalog.add(type.name, budget: budget, nodeType(type, in: schema, idType: id.type.text) { "\(root.name)(id: $portalNodeId) { \($0) }" })
        }
        catalog.addRelayNodes(from: schema, budget: budget)
        catalog.lookups = GraphQLItemLookup.make(from: schema, budget: budget)
        return catalog
    }

    /// Keeps `entry` as `name`'s nested lists while the catalog's query text is within its
    /// budget (the entry that passes it is the last kept).
    private mutating func add(_ name: String, budget: Int, _ entry: NodeType?) {
        guard let entry, queryBytes < budget else { return }
        types[name] = entry
        queryBytes += entry.queries.values.reduce(0) { $0 + $1.utf8.count }
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
    mutating func addRelayNodes(from schema: GraphQLSchema, budget: Int) {
        for root in schema.rootFields {
            guard !root.type.isList, let interface = schema.types[root.type.core.name], interface.isInterface,
                  let id = root.argument("id"), root.requiredArguments.allSatisfy({ $0.name == "id" }) else { continue }
            // By name, so which types a full budget leaves out does not change from run to run.
            let implementing = schema.types.values.filter { $0.interfaces.contains(interface.name) && !$0.isInterface }
            for type in implementing.sorted(by: { $0.name < $1.name }) where types[type.name] == nil && queryBytes < budget {
                add(type.name, budget: budget, Self.nodeType(type, in: schema, idType: id.type.text) {
                    "\(root.name)(id: $portalNodeId) { ... on \(type.name) { \($0) } }"
                })
            }
        }
    }
}
