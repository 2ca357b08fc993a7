import GraphQL

/// The object types of the mirror's schema by name, so the field thunks of types that refer
/// to each other (a character's episodes, an episode's characters) can find one another
/// when the schema is put together. Used only while `MirrorGraphQLSchema.make` runs.
final class SchemaTypeBook {
    private var types: [String: GraphQLObjectType] = [:]

    @discardableResult
    func add(_ type: GraphQLObjectType) -> GraphQLObjectType {
        types[type.name] = type
        return type
    }

    func named(_ name: String) throws -> GraphQLObjectType {
        guard let type = types[name] else { throw GraphQLError(message: "the mirror's schema has no type \(name)") }
        return type
    }
}

/// A field whose resolver reads one Swift value of the parent (`Source`): the node types'
/// fields are written as `read(GraphQLString) { (character: Character, _) in … }`.
func read<Source: Sendable>(
    _ outputType: GraphQLOutputType, _ description: String? = nil, args: GraphQLArgumentConfigMap = [:],
    _ value: @escaping @Sendable (Source, Map) throws -> (any Sendable)?
) -> GraphQLField {
    let resolver: GraphQLFieldResolveInput = { source, arguments, _, _ in
        guard let parent = source as? Source else {
            throw FieldRefusal(description: "the mirror expected a \(Source.self) here, not \(type(of: source))")
        }
        return try value(parent, arguments)
    }
    return GraphQLField(type: outputType, description: description, args: args, resolve: resolver)
}

/// A Swift array as the executor takes a list.
func listValue(_ items: [any Sendable]) -> [(any Sendable)?] {
    items.map { $0 }
}

/// `T!`: the library's non-null wrapper for a nullable type (never fails for these).
func nonNull(_ type: GraphQLNullableType) -> GraphQLNonNull { GraphQLNonNull(type) }

/// An `Int` argument: nil when absent or null.
func intArgument(_ arguments: Map, _ name: String) -> Int? { arguments[name].int }

/// A `String` argument: nil when absent or null.
func stringArgument(_ arguments: Map, _ name: String) -> String? { arguments[name].string }

/// A field's arguments refused (`first: -1`). Not a `GraphQLError` on purpose: the
/// executor gives other errors the field's path and location (as graphql-js does), but
/// passes a `GraphQLError` on as it is, without them.
struct FieldRefusal: Error, CustomStringConvertible {
    let description: String
}
