import Foundation
import PortalCore
import Testing
import PortalJSON

/// An introspection answer is bounded before it is read (the transport's body cap,
/// `JSONNode.parse`'s depth and tree bytes); what the reader makes of it is bounded too
/// (issue 35, item 4's class): a schema past `GraphQLSchemaLimits` is one line saying
/// what it has too many of, and the query text written from a schema grows with the
/// schema, not with the product of its counts.
@Suite struct GraphQLSchemaBoundsTests {
    static func named(_ kind: String, _ name: String) -> String { #"{"kind":"\#(kind)","name":"\#(name)","ofType":null}"# }
    static func list(of type: String) -> String { #"{"kind":"LIST","name":null,"ofType":\#(type)}"# }
    static func field(_ name: String, _ type: String, args: String = "[]") -> String { #"{"name":"\#(name)","args":\#(args),"type":\#(type)}"# }
    static func object(_ name: String, _ fields: [String], interfaces: [String] = [], kind: String = "OBJECT") -> String {
        #"{"kind":"\#(kind)","name":"\#(name)","interfaces":[\#(interfaces.map { #"{"name":"\#($0)"}"# }.joined(separator: ","))],"fields":[\#(fields.joined(separator: ","))]}"#
    }
    static func answer(_ types: [String]) throws -> JSONNode {
        let text = #"{"__schema":{"queryType":{"name":"Query"},"types":[\#(types.joined(separator: ","))]}}"#
        return try JSONNode.parse(Data(text.utf8)).node
    }

    static let id = #"[{"name":"id","defaultValue":null,"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}}}]"#

    /// `Thing` has `objects` fields naming another `Thing` and `lists` fields listing them:
    /// every list of things selected each object field, in every list.
    static func wideSchema(objects: Int, lists: Int) throws -> GraphQLSchema {
        let root = try JSONNode.parse(Data(wideSchemaAnswer(objects: objects, lists: lists).utf8))
        return try GraphQLSchema.read(data: try #require(root.node["data"]))
    }

    /// The introspection answer of `wideSchema`, as a server sends it.
    static func wideSchemaAnswer(objects: Int, lists: Int) -> String {
        let thing = named("OBJECT", "Thing")
        let fields = [field("id", named("SCALAR", "ID")), field("name", named("SCALAR", "String"))]
            + (0..<objects).map { field("o\($0)", thing) } + (0..<lists).map { field("l\($0)", list(of: thing)) }
        let query = object("Query", [field("things", list(of: thing)), field("thing", thing, args: id)])
        return #"{"data":{"__schema":{"queryType":{"name":"Query"},"types":[\#(query),\#(object("Thing", fields))]}}}"#
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
        let node = Self.named("INTERFACE", "Node")
        var types = [Self.object("Query", [Self.field("node", node, args: Self.id)]), Self.object("Node", [Self.field("id", Self.named("SCALAR", "ID"))], kind: "INTERFACE")]
        for index in 0..<300 {
            let fields = [Self.field("id", Self.named("SCALAR", "ID")), Self.field("name", Self.named("SCALAR", "String"))]
                + (0..<10).map { Self.field("l\($0)", Self.list(of: Self.named("OBJECT", "T\(index)"))) }
            types.append(Self.object("T\(index)", fields, interfaces: ["Node"]))
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
        let many = try Self.answer((0..<11).map { Self.object("T\($0)", [Self.field("id", Self.named("SCALAR", "ID"))]) })
        #expect(throws: GraphQLFailure.tooLarge("more than 10 types")) { try GraphQLSchema.read(data: many, limits: limits) }
        let wide = try Self.answer([Self.object("Query", (0..<6).map { Self.field("f\($0)", Self.named("SCALAR", "ID")) })])
        #expect(throws: GraphQLFailure.tooLarge("a type with more than 5 fields")) { try GraphQLSchema.read(data: wide, limits: limits) }
        let args = #"[{"name":"a","type":{"kind":"SCALAR","name":"ID","ofType":null}},{"name":"b","type":{"kind":"SCALAR","name":"ID","ofType":null}},{"name":"c","type":{"kind":"SCALAR","name":"ID","ofType":null}}]"#
        let argued = try Self.answer([Self.object("Query", [Self.field("f", Self.named("SCALAR", "ID"), args: args)])])
        #expect(throws: GraphQLFailure.tooLarge("a field with more than 2 arguments")) { try GraphQLSchema.read(data: argued, limits: limits) }
        #expect(GraphQLFailure.tooLarge("more than 10 types").description == "the schema is too large to read: more than 10 types")
    }
}
