import Foundation
import PortalCore

/// One record of a GraphQL list by its key, in one POST: the root field that looks the
/// list's node type up by `id` (`character(id: ID!)`), else Relay's `node(id: ID!)` when
/// the type implements that interface (`node(id: $portalNodeId) { ... on Character { … } }`),
/// selecting what the list's rows select (`GraphQLQueryBuilder.nodeFields`), so the record
/// answered is the row as listed. Found in the schema with the nested lists
/// (`GraphQLNestedCatalog.lookups`); a list whose type has neither has no lookup.
public struct GraphQLItemLookup: Sendable, Hashable {
    /// The operation, `$portalNodeId` declared with the id argument's type.
    public var query: String
    /// The root field whose value is the record.
    public var field: String
    /// The id argument is an `Int` (else the key goes as a string: `ID`, `String`).
    public var integerID: Bool

    /// A lookup for each root list whose node type has one, by the list's name, while
    /// their query text is within `budget` bytes (a schema of thousands of lists).
    static func make(from schema: GraphQLSchema, budget: Int) -> [String: GraphQLItemLookup] {
        var found: [String: GraphQLItemLookup] = [:]
        var bytes = 0
        for root in schema.rootFields where bytes < budget {
            switch GraphQLQueryBuilder.shape(of: root, in: schema) {
            case .list(let node)?, .edges(let node, _)?, .nodes(let node, _)?, .results(let node, _)?, .items(let node, _)?:
                guard let lookup = lookup(of: node, in: schema) else { continue }
                found[root.name] = lookup
                bytes += lookup.query.utf8.count
            case nil: break
            }
        }
        return found
    }

    /// The id argument of a root field returning one value by `id` alone.
    static func idArgument(of root: GraphQLField) -> GraphQLArgument? {
        guard !root.type.isList, let id = root.argument("id"), root.requiredArguments.allSatisfy({ $0.name == "id" }) else { return nil }
        return id
    }

    static func lookup(of node: GraphQLObjectType, in schema: GraphQLSchema) -> GraphQLItemLookup? {
        let selection = GraphQLQueryBuilder.nodeFields(node, in: schema)
        func made(_ root: GraphQLField, _ id: GraphQLArgument, _ body: String) -> GraphQLItemLookup {
            GraphQLItemLookup(query: "query PortalItem($portalNodeId: \(id.type.text)) { \(root.name)(id: $portalNodeId) \(body) }",
                              field: root.name, integerID: id.type.core.name == "Int")
        }
        if let root = schema.rootFields.first(where: { $0.type.core.name == node.name && idArgument(of: $0) != nil }),
           let id = idArgument(of: root) {
            return made(root, id, "{ \(selection) }")
        }
        for root in schema.rootFields {
            guard let id = idArgument(of: root), let interface = schema.types[root.type.core.name], interface.isInterface,
                  node.interfaces.contains(interface.name) else { continue }
            return made(root, id, "{ ... on \(node.name) { \(selection) } }")
        }
        return nil
    }
}

extension GraphQLSource {
    /// The POST that asks list `kind`'s record `key`; nil when the list has no lookup (or
    /// the id is an `Int` and the key is not one).
    public func keyRequest(_ kind: ItemKind, key: RecordKey) -> HTTPRequest? {
        guard let lookup = nested.lookups[kind.rawValue] else { return nil }
        let value: GraphQLValue
        if lookup.integerID {
            guard let number = Int(key.description) else { return nil }
            value = .int(number)
        } else {
            value = .string(key.description)
        }
        return GraphQLRequestBody.request(endpoint, headers: headers, query: lookup.query, variables: [("portalNodeId", value)])
    }

    /// The answer to `keyRequest`: the record, as the list's rows are read (nested lists as
    /// links); nil when the server answered null (no such record). Errors without data fail.
    public func decodeKeyAnswer(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> Item? {
        guard let lookup = nested.lookups[kind.rawValue] else { throw PageFailure(.malformed, "\(kind.rawValue) has no lookup by id") }
        let answer = try GraphQLAnswer.read(response)
        guard let value = answer.data.node.fields?.first(where: { $0.key == lookup.field })?.value, value.node.fields != nil else {
            if !answer.errors.isEmpty { throw GraphQLAnswer.failure(answer.errors) }
            return nil
        }
        let row = JSONItems.row(value, columns: nil, position: 0)
        return Item(Record(row: withNestedLinks(row, list: kind.rawValue), card: card), kind: kind)
    }
}
