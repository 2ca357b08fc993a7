import Foundation
import PortalCore
import PortalTestSupport
import Testing

/// The `fuzz-graphql-schema` entry point (docs/fuzzing.md) holds on real introspection
/// answers and on hostile ones: the scripted server's schema, with and without a status
/// line, a schema past the tight limits, a wide type whose lists would select every object.
@Suite struct TheGraphQLSchemaFuzzEntryHoldsOnHostileSchemasTests {
    @Test func theEntryPointHoldsOnRealAndHostileSchemas() throws {
        let wide = IntrospectionAnswers.wideSchemaAnswer(objects: 60, lists: 60)
        let bodies = [GraphQLTestServer.schema, "200\nContent-Type: application/json\n\n" + GraphQLTestServer.schema,
                      "400\n\n" + #"{"errors":[{"message":"\u001b[31mno"}]}"#, wide, "", "null", #"{"data":{"__schema":{}}}"#]
        for body in bodies { try FuzzEntryPoint.graphQLSchema(Array(body.utf8)) }
    }
}
