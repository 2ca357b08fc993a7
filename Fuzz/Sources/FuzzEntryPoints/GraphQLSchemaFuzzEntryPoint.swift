import Foundation
import PortalCore
import PortalGraphQL

// Compiled twice, like FuzzEntryPoints.swift: into fuzz-graphql-schema and, through a
// symlink, into PortalCoreTests.

extension FuzzEntryPoint {
    /// Bounds small enough for a few-KiB input to reach each of them.
    static let tightSchemaLimits = GraphQLSchemaLimits(maxTypes: 12, maxFields: 10, maxArguments: 4, maxCatalogBytes: 2_048)

    /// The introspection reader (docs/fuzzing.md, `fuzz-graphql-schema`): any answer (the
    /// status and headers too, `FuzzedResponse`) read as `portal --graphql` reads the
    /// answer to its introspection query — `GraphQLAnswer.read`, `GraphQLSchema.read` under
    /// the standard limits and tight ones, then the lists of its root type
    /// (`GraphQLQueryBuilder.lists`) and the nested lists of its node types
    /// (`GraphQLNestedCatalog.make`). Never a trap; a failure is one drawable line; every
    /// query written holds only GraphQL names and punctuation; a node's selection names
    /// at most `maxNestedSelections` nested objects; the catalog's query text passes its
    /// budget by one type's entry at most.
    public static func graphQLSchema(_ bytes: [UInt8]) throws {
        let answer: GraphQLAnswer
        do {
            answer = try GraphQLAnswer.read(FuzzedResponse.parse(bytes))
        } catch {
            return try expectDrawable(error.message, "answer failure")
        }
        for limits in [GraphQLSchemaLimits.standard, tightSchemaLimits] {
            let schema: GraphQLSchema
            do {
                schema = try GraphQLSchema.read(data: answer.data.node, limits: limits)
            } catch {
                try expectDrawable(error.description, "schema failure")
                continue
            }
            guard schema.types.count <= limits.maxTypes, schema.types.values.allSatisfy({ $0.fields.count <= limits.maxFields }) else {
                throw FuzzInvariantBroken("a schema past its limits was read: \(schema.types.count) types")
            }
            for list in GraphQLQueryBuilder.lists(in: schema, pageSize: 20) {
                try expectQueryText(list.query)
            }
            let catalog = GraphQLNestedCatalog.make(from: schema, limits: limits)
            let sizes = catalog.types.values.map { $0.queries.values.reduce(0) { $0 + $1.utf8.count } }
            if sizes.reduce(0, +) - (sizes.max() ?? 0) >= limits.maxCatalogBytes {
                throw FuzzInvariantBroken("the nested catalog holds \(sizes.reduce(0, +)) bytes, past its budget of \(limits.maxCatalogBytes)")
            }
            for entry in catalog.types.values {
                for query in entry.queries.values { try expectQueryText(query) }
            }
        }
    }

    /// Query text made from a schema: GraphQL names and punctuation only (a name from the
    /// answer can never break out of it), and at most `maxNestedSelections` `{ name }`
    /// selections a node.
    static func expectQueryText(_ query: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ (){}:,$![].")
        guard query.allSatisfy(allowed.contains) else {
            throw FuzzInvariantBroken("query text with a character GraphQL names do not have: \(query.debugDescription)")
        }
        let nested = query.components(separatedBy: " { name }").count - 1
        guard nested <= GraphQLSchemaLimits.standard.maxNestedSelections else {
            throw FuzzInvariantBroken("a selection of \(nested) nested objects: \(query.prefix(200))")
        }
    }
}
