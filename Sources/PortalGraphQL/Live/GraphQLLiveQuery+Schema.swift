import Foundation
import PortalCore
import PortalJSON

/// Finding a list's subscription in its introspected schema: the schema side of
/// `GraphQLLiveQuery`, whose reading of results stays in PortalCore with the live feeds.
extension GraphQLLiveQuery {
    /// Names of a change's kind field, in the order tried.
    static let kindFieldNames = ChangeReader.typeFields + ["mutation", "mutationType", "mutation_type"]

    /// The subscription for the list `listField` (a root Query field) of `schema`, whose
    /// subscription root type is `subscriptionType`; nil when the schema has none for it.
    public static func find(list listField: String, in schema: GraphQLSchema, subscriptionType: String?) -> GraphQLLiveQuery? {
        guard let root = subscriptionType.flatMap({ schema.types[$0] }),
              let field = schema.types[schema.queryType]?.field(listField),
              let shape = GraphQLQueryBuilder.shape(of: field, in: schema) else { return nil }
        let item = shape.node
        let selection = GraphQLQueryBuilder.nodeFields(item, in: schema)
        var plain: GraphQLLiveQuery?
        for candidate in root.fields where candidate.requiredArguments.isEmpty && !candidate.type.isList {
            let name = candidate.type.core.name
            if name == item.name {
                plain = plain ?? GraphQLLiveQuery(query: "subscription PortalLive { \(candidate.name) { \(selection) } }", field: candidate.name)
                continue
            }
            guard let wrapper = schema.types[name],
                  let record = wrapper.fields.first(where: { $0.type.core.name == item.name && !$0.type.isList && $0.requiredArguments.isEmpty }) else { continue }
            let kind = kindFieldNames.lazy.compactMap { wrapper.field($0) }.first { $0.type.isLeaf && $0.requiredArguments.isEmpty }
            let head = kind.map { "\($0.name) " } ?? ""
            return GraphQLLiveQuery(
                query: "subscription PortalLive { \(candidate.name) { \(head)\(record.name) { \(selection) } } }",
                field: candidate.name, recordField: record.name, kindField: kind?.name)
        }
        return plain
    }

    /// The introspection query portal sends for `--live`: the list's own, asking the
    /// subscription root's name too.
    public static let introspectionQuery = GraphQLSchema.introspectionQuery.replacingOccurrences(
        of: "queryType { name }", with: "queryType { name } subscriptionType { name }")

    /// The subscription root's name in an introspection answer's `data`.
    public static func subscriptionType(in data: JSONNode) -> String? {
        data["__schema"]?["subscriptionType"]?["name"]?.string
    }
}

extension GraphQLQueryBuilder.Shape {
    /// The item type, whatever the list's shape.
    var node: GraphQLObjectType {
        switch self {
        case .list(let node), .edges(let node, _), .nodes(let node, _), .results(let node, _), .items(let node, _): node
        }
    }
}
