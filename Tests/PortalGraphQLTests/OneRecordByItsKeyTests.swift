import Foundation
import PortalCore
import Testing
import PortalGraphQL

/// One record of a GraphQL list by its key (`GraphQLItemLookup`, what `portal mcp`'s
/// get_item asks): the root field that takes the node type's `id`, else Relay's `node(id:)`
/// on an interface the type implements, selecting what the list's rows select; null is
/// no record; an `Int` id takes only an integer key.
@Suite struct GraphQLItemLookupTests {
    static let id = GraphQLTypeRef.named("ID", kind: "SCALAR"), int = GraphQLTypeRef.named("Int", kind: "SCALAR")
    static let string = GraphQLTypeRef.named("String", kind: "SCALAR")

    static func schema(root: [GraphQLField], characterInterfaces: [String] = []) -> GraphQLSchema {
        let character = GraphQLObjectType(name: "Character", fields: [
            GraphQLField(name: "id", type: .nonNull(id)), GraphQLField(name: "name", type: string),
        ], interfaces: characterInterfaces)
        var types = ["Character": character, "Query": GraphQLObjectType(name: "Query", fields: root)]
        types["Node"] = GraphQLObjectType(name: "Node", fields: [GraphQLField(name: "id", type: .nonNull(id))], isInterface: true)
        return GraphQLSchema(queryType: "Query", types: types)
    }

    static let list = GraphQLField(name: "characters", arguments: [GraphQLArgument(name: "offset", type: int)],
                                   type: .list(.named("Character", kind: "OBJECT")))

    static func source(_ schema: GraphQLSchema) -> GraphQLSource {
        GraphQLSource(endpoint: URL(string: "http://g.test/graphql")!, headers: ["Authorization": "Bearer k"],
                      lists: GraphQLQueryBuilder.lists(in: schema, pageSize: 20), offsetCursorLists: [],
                      nested: GraphQLNestedCatalog.make(from: schema))
    }

    @Test func aRootFieldByIdAsksTheRecordWithTheListsSelection() throws {
        let byID = GraphQLField(name: "character", arguments: [GraphQLArgument(name: "id", type: .nonNull(Self.id))], type: .named("Character", kind: "OBJECT"))
        let source = Self.source(Self.schema(root: [Self.list, byID]))
        let request = try #require(source.keyRequest(ItemKind(rawValue: "characters"), key: .text("c-7")))
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        #expect(body == #"{"query":"query PortalItem($portalNodeId: ID!) { character(id: $portalNodeId) { id name } }","variables":{"portalNodeId":"c-7"}}"#)
        #expect(request.method == "POST" && request.headers["Authorization"] == "Bearer k")
        let answer = HTTPResponse(status: 200, body: Data(#"{"data":{"character":{"id":"c-7","name":"Seven"}}}"#.utf8))
        let item = try #require(try source.decodeKeyAnswer(ItemKind(rawValue: "characters"), answer))
        let record = item.record
        #expect(record.id == .text("c-7") && record.title == "Seven")
        let none = HTTPResponse(status: 200, body: Data(#"{"data":{"character":null}}"#.utf8))
        #expect(try source.decodeKeyAnswer(ItemKind(rawValue: "characters"), none) == nil)
    }

    @Test func relaysNodeFieldAsksThroughTheInterface() throws {
        let node = GraphQLField(name: "node", arguments: [GraphQLArgument(name: "id", type: .nonNull(Self.id))], type: .named("Node", kind: "INTERFACE"))
        let source = Self.source(Self.schema(root: [Self.list, node], characterInterfaces: ["Node"]))
        let lookup = try #require(source.nested.lookups["characters"])
        #expect(lookup.query == "query PortalItem($portalNodeId: ID!) { node(id: $portalNodeId) { ... on Character { id name } } }")
        #expect(lookup.field == "node")
    }

    @Test func anIntIdTakesOnlyAnIntegerKeyAndATypeWithoutLookupHasNone() throws {
        let byInt = GraphQLField(name: "character", arguments: [GraphQLArgument(name: "id", type: .nonNull(Self.int))], type: .named("Character", kind: "OBJECT"))
        let source = Self.source(Self.schema(root: [Self.list, byInt]))
        let kind = ItemKind(rawValue: "characters")
        #expect(source.keyRequest(kind, key: .text("abc")) == nil)
        let body = String(decoding: try #require(source.keyRequest(kind, key: .number(7))).body ?? Data(), as: UTF8.self)
        #expect(body.hasSuffix(#""variables":{"portalNodeId":7}}"#))
        #expect(Self.source(Self.schema(root: [Self.list])).keyRequest(kind, key: .number(7)) == nil)
    }
}
