import Foundation
import PortalCore
import PortalTestSupport
import Testing
import PortalJSON
import PortalGraphQL

/// The `fuzz-graphql` entry point (docs/fuzzing.md) holds on the scripted server's real
/// answers and on hostile ones: a schema whose names would break out of the query text, a
/// cursor past Int, control characters in errors, nesting, nulls in every place.
@Suite struct TheGraphQLFuzzEntryHoldsOnHostileAnswersTests {
    static let bodies: [String] = [
        GraphQLTestServer.schema,
        #"{"data":{"characters":{"totalCount":9223372036854775807,"pageInfo":{"hasNextPage":true,"endCursor":"YXJyYXljb25uZWN0aW9uOjkyMjMzNzIwMzY4NTQ3NzU4MDc="},"edges":[{"cursor":"YXJyYXljb25uZWN0aW9uOjA=","node":{"id":1}}]}}}"#,
        #"{"data":{"episodes":{"info":{"count":-1,"pages":null,"next":"https://x/?page=9223372036854775807"},"results":[null,{"id":1}]}}}"#,
        #"{"data":{"users":[{"id":1}]},"errors":[{"message":"\u001b]52;c;aGk=\u0007 bad"},7,null]}"#,
        #"{"errors":"nope","data":{"a":{"b":{"c":{"d":{"e":{"f":{"g":{"h":{"i":[{"x":1}]}}}}}}}}}}"#,
        #"{"data":{"__schema":{"queryType":{"name":"Q"},"types":[{"kind":"OBJECT","name":"Q","fields":[{"name":"x } mutation { drop","args":[],"type":{"kind":"LIST","ofType":{"kind":"OBJECT","name":"T"}}},{"name":"ok","args":[{"name":"page","type":{"kind":"SCALAR","name":"Int\n{"}}],"type":{"kind":"LIST","ofType":{"kind":"OBJECT","name":"T"}}}]},{"kind":"OBJECT","name":"T","fields":[{"name":"id","args":[],"type":{"kind":"SCALAR","name":"ID"}},{"name":"bad name","args":[],"type":{"kind":"SCALAR","name":"S"}}]}]}}}"#,
        "", "null", "[]", #"{"data":null}"#,
    ]

    @Test func theEntryPointHoldsOnRealAndHostileAnswers() throws {
        for body in Self.bodies { try FuzzEntryPoint.graphQLAnswer(Array(body.utf8)) }
    }

    @Test func namesFromASchemaNeverBreakOutOfTheQuery() throws {
        let root = try JSONNode.parse(Data(Self.bodies[5].utf8))
        let schema = try GraphQLSchema.read(data: try #require(root.node["data"]))
        let lists = GraphQLQueryBuilder.lists(in: schema, pageSize: 20)
        // `x } mutation { drop` is no name; `ok`'s argument type `Int\n{` is none either.
        #expect(lists.map(\.name) == ["ok"])
        #expect(lists.first?.query == "query PortalList { ok { id } }")
    }
}
