import Foundation
import PortalCore
import Testing
import PortalJSON
import PortalGraphQL

/// The graphql-transport-ws codec (both directions) and the subscription a list's schema
/// offers (`GraphQLLiveQuery.find`, `read`).
@Suite struct GraphQLWSMessagesAreWrittenAndReadBackBoundedTests {
    static func span(_ text: String) throws -> JSONSpan { try JSONNode.parse(Data(text.utf8)) }

    @Test func everyMessageIsWrittenAndReadBack() throws {
        let messages: [GraphQLWSMessage] = [
            .connectionInit(payload: nil), .connectionInit(payload: try Self.span(#"{"headers":{"a":"b"}}"#)),
            .connectionAck(payload: nil), .ping(payload: try Self.span(#"{"t":1}"#)), .pong(payload: nil),
            .subscribe(id: "1", GraphQLWSOperation(query: "subscription { x }", operationName: "S", variables: #"{"a":1}"#)),
            .next(id: "1", payload: try Self.span(#"{"data":{"x":1}}"#)), .error(id: "1", messages: ["bad \"x\""]), .complete(id: "1"),
        ]
        for message in messages {
            #expect(try GraphQLWSMessage.read(message.text).get() == message, "\(message.text)")
        }
        #expect(GraphQLWSMessage.complete(id: "7").text == #"{"id":"7","type":"complete"}"#)
        #expect(GraphQLWSMessage.connectionInit(payload: nil).text == #"{"type":"connection_init"}"#)
    }

    @Test(arguments: [
        ("", "a message that is not a JSON object"),
        ("[1]", "a message that is not a JSON object"),
        (#"{"id":"1"}"#, "a message without a type"),
        (#"{"type":7}"#, "a message without a type"),
        (#"{"type":"ka"}"#, "a message of unknown type ka"),
        (#"{"type":"ping","payload":[1]}"#, "a ping message whose payload is not an object"),
        (#"{"type":"next","id":"1","payload":"x"}"#, "a next message whose payload is not an object"),
        (#"{"type":"next","id":"","payload":{}}"#, "a next message without an id"),
        (#"{"type":"error","id":"1","payload":{}}"#, "an error message whose payload is not a list of errors"),
        (#"{"type":"complete"}"#, "a complete message without an id"),
        (#"{"type":"subscribe","id":"1","payload":{}}"#, "a subscribe message without a query"),
    ])
    func invalidMessagesSayWhy(text: String, why: String) {
        guard case .failure(let invalid) = GraphQLWSMessage.read(text) else { Issue.record("read \(text)"); return }
        #expect(invalid.description == why)
    }

    @Test func anUnknownTypeIsQuotedWithoutItsControlCharacters() {
        guard case .failure(let invalid) = GraphQLWSMessage.read(#"{"type":"\u001b[31mred"}"#) else { Issue.record("read"); return }
        #expect(!invalid.description.unicodeScalars.contains { $0.value < 0x20 } && invalid.description.hasSuffix("red"))
    }

    /// The fuzz target's invariants (Fuzz/Sources/FuzzEntryPoints/GraphQLWSFuzzEntryPoint.swift)
    /// hold on samples of each kind: messages, refusals, results read as changes.
    @Test(arguments: [
        #"{"type":"connection_ack"}"#, #"{"type":"ping","payload":{"a":[1,{"b":null}]}}"#, "not json", #"{"type":"\u0007x"}"#,
        #"{"id":"1","type":"next","payload":{"data":{"characterChanged":{"type":"created","character":{"id":"5","name":"\u001b]0;x"}}}}}"#,
        #"{"id":"1","type":"next","payload":{"data":{"characterChanged":{"id":7,"name":"plain"}}}}"#,
        #"{"id":"1","type":"error","payload":[{"message":"no"}]}"#, #"{"id":"\n","type":"complete"}"#,
    ])
    func theFuzzTargetsInvariantsHoldOnSamples(text: String) throws {
        try FuzzEntryPoint.graphQLWSMessage([255] + Array(text.utf8))
        try FuzzEntryPoint.graphQLWSMessage([0] + Array(text.utf8))
    }

    @Test func aMessagePastTheLimitIsRefusedUnread() {
        let long = #"{"type":"ping","payload":{"x":""# + String(repeating: "a", count: 100) + #""}}"#
        #expect(GraphQLWSMessage.read(long, maxBytes: 64) == .failure(GraphQLWSInvalid("a message of more than 64 bytes")))
        #expect((try? GraphQLWSMessage.read(long, maxBytes: 200).get()) != nil)
    }

    /// A schema as the mirror's introspection reads: `characters` (a page object), and a
    /// subscription root with a change wrapper, a plain record field and an unrelated one.
    static func schema(subscription fields: [GraphQLField]) -> GraphQLSchema {
        let ref = { (name: String, kind: String) in GraphQLTypeRef.named(name, kind: kind) }
        let character = GraphQLObjectType(name: "Character", fields: [
            GraphQLField(name: "name", type: ref("String", "SCALAR")), GraphQLField(name: "id", type: ref("ID", "SCALAR")),
        ])
        let page = GraphQLObjectType(name: "Characters", fields: [
            GraphQLField(name: "results", type: .list(ref("Character", "OBJECT"))),
            GraphQLField(name: "info", type: ref("Info", "OBJECT")),
        ])
        let info = GraphQLObjectType(name: "Info", fields: [GraphQLField(name: "next", type: ref("Int", "SCALAR"))])
        let query = GraphQLObjectType(name: "Query", fields: [
            GraphQLField(name: "characters", arguments: [GraphQLArgument(name: "page", type: ref("Int", "SCALAR"))], type: ref("Characters", "OBJECT")),
        ])
        let change = GraphQLObjectType(name: "CharacterChange", fields: [
            GraphQLField(name: "type", type: .nonNull(ref("String", "SCALAR"))), GraphQLField(name: "character", type: ref("Character", "OBJECT")),
        ])
        let root = GraphQLObjectType(name: "Subscription", fields: fields)
        return GraphQLSchema(queryType: "Query", types: [
            "Character": character, "Characters": page, "Info": info, "Query": query, "CharacterChange": change, "Subscription": root,
        ])
    }

    @Test func theSubscriptionOfAListsItemsIsFoundWithItsKindField() throws {
        let ref = { (name: String, kind: String) in GraphQLTypeRef.named(name, kind: kind) }
        let schema = Self.schema(subscription: [
            GraphQLField(name: "tick", type: ref("Int", "SCALAR")),
            GraphQLField(name: "characterAdded", type: ref("Character", "OBJECT")),
            GraphQLField(name: "characterChanged", type: .nonNull(ref("CharacterChange", "OBJECT"))),
        ])
        let live = try #require(GraphQLLiveQuery.find(list: "characters", in: schema, subscriptionType: "Subscription"))
        #expect(live == GraphQLLiveQuery(query: "subscription PortalLive { characterChanged { type character { id name } } }",
                                         field: "characterChanged", recordField: "character", kindField: "type"))
        let plain = Self.schema(subscription: [GraphQLField(name: "characterAdded", type: ref("Character", "OBJECT"))])
        #expect(GraphQLLiveQuery.find(list: "characters", in: plain, subscriptionType: "Subscription")
            == GraphQLLiveQuery(query: "subscription PortalLive { characterAdded { id name } }", field: "characterAdded"))
        let none = Self.schema(subscription: [GraphQLField(name: "tick", type: ref("Int", "SCALAR"))])
        #expect(GraphQLLiveQuery.find(list: "characters", in: none, subscriptionType: "Subscription") == nil)
        #expect(GraphQLLiveQuery.find(list: "characters", in: schema, subscriptionType: nil) == nil)
    }

    @Test func aResultIsReadAsAChangeAResetOrAProblem() throws {
        let live = GraphQLLiveQuery(query: "", field: "characterChanged", recordField: "character", kindField: "type")
        func read(_ text: String) throws -> LiveEventReading { live.read(try Self.span(text), keyFields: ["id"]) }
        let changed = try read(#"{"data":{"characterChanged":{"type":"DELETED","character":{"id":"5","name":"x"}}}}"#)
        guard case .change(let change) = changed else { Issue.record("\(changed)"); return }
        #expect(change.kind == .deleted && change.key == .text("5") && change.record.text == #"{"id":"5","name":"x"}"#)
        #expect(try read(#"{"data":{"characterChanged":{"type":"reset","character":null}}}"#) == .reset("the server says to read the list again (reset)"))
        #expect(try read(#"{"data":null,"errors":[{"message":"boom"}]}"#) == .problem("the server's errors: boom"))
        #expect(try read(#"{"data":{"characterChanged":{"type":"moved","character":{"id":"5"}}}}"#) == .problem("a change of unknown kind moved"))
        #expect(try read(#"{"data":{"characterChanged":{"type":"created","character":{"name":"x"}}}}"#) == .problem("a change whose record has no key (id)"))
        #expect(try read(#"{"data":{"characterChanged":{"type":"created"}}}"#) == .problem("a change without its record (character)"))
        let plain = GraphQLLiveQuery(query: "", field: "characterAdded")
        guard case .change(let upsert) = plain.read(try Self.span(#"{"data":{"characterAdded":{"id":7}}}"#), keyFields: ["id"]) else {
            Issue.record("no change"); return
        }
        #expect(upsert.kind == .upserted && upsert.key == .number(7))
    }
}
