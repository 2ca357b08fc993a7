import Foundation
import PortalCore
import PortalTestSupport
import Testing
import PortalJSON
import PortalGraphQL

/// An introspection answer is bounded before it is read (the transport's body cap,
/// `JSONNode.parse`'s depth and tree bytes); what the reader makes of it is bounded too
/// (issue 35, item 4's class): a schema past `GraphQLSchemaLimits` is one line saying
/// what it has too many of, and the query text written from a schema grows with the
/// schema, not with the product of its counts.
@Suite struct GraphQLSchemaBoundsTests {
    static func answer(_ types: [String]) throws -> JSONNode {
        let text = #"{"__schema":{"queryType":{"name":"Query"},"types":[\#(types.joined(separator: ","))]}}"#
        return try JSONNode.parse(Data(text.utf8)).node
    }

    /// `Thing` has `objects` fields naming another `Thing` and `lists` fields listing them:
    /// every list of things selected each object field, in every list.
    static func wideSchema(objects: Int, lists: Int) throws -> GraphQLSchema {
        let root = try JSONNode.parse(Data(IntrospectionAnswers.wideSchemaAnswer(objects: objects, lists: lists).utf8))
        return try GraphQLSchema.read(data: try #require(root.node["data"]))
    }

    @Test func queryTextGrowsWithTheSchemaNotWithTheProductOfItsCounts() throws {
        let schema = try Self.wideSchema(objects: 990, lists: 990)
        let lists = GraphQLQueryBuilder.lists(in: schema, pageSize: 20)
        let things = try #require(lists.first { $0.name == "things" })
        let nested = things.query.components(separatedBy: " { name }").count - 1
        #expect(nested == GraphQLSchemaLimits.standard.maxNestedSelections, "\(nested) nested selections")
        let catalog = GraphQLNestedCatalog.make(from: schema)
        let entry = try #require(catalog.types["Thing"])
        #expect(entry.fields.count == 990)
        let bytes = entry.queries.values.reduce(0) { $0 + $1.utf8.count }
        // 990 queries of at most 2 + 24 selections each: about 0.4 MB (it was 14 MB).
        #expect(bytes < 1 << 20, "\(bytes) bytes of nested queries")
    }

    @Test func theNestedCatalogStopsAtItsBudget() throws {
        // 300 Relay node types, each with 10 nested lists.
        let node = IntrospectionAnswers.named("INTERFACE", "Node")
        var types = [IntrospectionAnswers.object("Query", [IntrospectionAnswers.field("node", node, args: IntrospectionAnswers.id)]), IntrospectionAnswers.object("Node", [IntrospectionAnswers.field("id", IntrospectionAnswers.named("SCALAR", "ID"))], kind: "INTERFACE")]
        for index in 0..<300 {
            let fields = [IntrospectionAnswers.field("id", IntrospectionAnswers.named("SCALAR", "ID")), IntrospectionAnswers.field("name", IntrospectionAnswers.named("SCALAR", "String"))]
                + (0..<10).map { IntrospectionAnswers.field("l\($0)", IntrospectionAnswers.list(of: IntrospectionAnswers.named("OBJECT", "T\(index)"))) }
            types.append(IntrospectionAnswers.object("T\(index)", fields, interfaces: ["Node"]))
        }
        let schema = try GraphQLSchema.read(data: Self.answer(types))
        #expect(GraphQLNestedCatalog.make(from: schema).types.count == 300)
        let limited = GraphQLNestedCatalog.make(from: schema, limits: GraphQLSchemaLimits(maxCatalogBytes: 20_000))
        #expect(limited.types.count > 0 && limited.types.count < 300)
        // By name: the same types every time.
        #expect(limited == GraphQLNestedCatalog.make(from: schema, limits: GraphQLSchemaLimits(maxCatalogBytes: 20_000)))
        #expect(limited.types["T0"] != nil)
    }

    @Test func aSchemaPastItsBoundsIsOneLine() throws {
        let limits = GraphQLSchemaLimits(maxTypes: 10, maxFields: 5, maxArguments: 2)
        let many = try Self.answer((0..<11).map { IntrospectionAnswers.object("T\($0)", [IntrospectionAnswers.field("id", IntrospectionAnswers.named("SCALAR", "ID"))]) })
        #expect(throws: GraphQLFailure.tooLarge("more than 10 types")) { try GraphQLSchema.read(data: many, limits: limits) }
        let wide = try Self.answer([IntrospectionAnswers.object("Query", (0..<6).map { IntrospectionAnswers.field("f\($0)", IntrospectionAnswers.named("SCALAR", "ID")) })])
        #expect(throws: GraphQLFailure.tooLarge("a type with more than 5 fields")) { try GraphQLSchema.read(data: wide, limits: limits) }
        let args = #"[{"name":"a","type":{"kind":"SCALAR","name":"ID","ofType":null}},{"name":"b","type":{"kind":"SCALAR","name":"ID","ofType":null}},{"name":"c","type":{"kind":"SCALAR","name":"ID","ofType":null}}]"#
        let argued = try Self.answer([IntrospectionAnswers.object("Query", [IntrospectionAnswers.field("f", IntrospectionAnswers.named("SCALAR", "ID"), args: args)])])
        #expect(throws: GraphQLFailure.tooLarge("a field with more than 2 arguments")) { try GraphQLSchema.read(data: argued, limits: limits) }
        #expect(GraphQLFailure.tooLarge("more than 10 types").description == "the schema is too large to read: more than 10 types")
    }
}
