import Foundation
import PortalCore
import PortalJSON

/// The part of a GraphQL schema portal reads to find a server's lists: the root Query
/// type, and every object type's fields with their arguments and types. Read from the
/// answer to `introspectionQuery` by hand (no GraphQL library: the client needs only this
/// reader and a builder of query text, and a library would lengthen every build).
public struct GraphQLSchema: Sendable, Hashable {
    /// The name of the root query type (`Query`, `QueryRoot`, …).
    public var queryType: String
    /// Object and interface types by name.
    public var types: [String: GraphQLObjectType]

    public init(queryType: String, types: [String: GraphQLObjectType]) {
        self.queryType = queryType
        self.types = types
    }

    /// The fields of the root query type, in the schema's order.
    public var rootFields: [GraphQLField] { types[queryType]?.fields ?? [] }

    /// The standard introspection query, trimmed to what portal reads (no directives,
    /// descriptions or input fields): type references nest seven deep, as in graphql-js's
    /// own query, so `[[Int!]!]!` is read whole.
    public static let introspectionQuery = """
        query PortalIntrospection { __schema { queryType { name } types { kind name interfaces { name } \
        fields { name args { name defaultValue type { ...TypeRef } } type { ...TypeRef } } } } } \
        fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name \
        ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }
        """

    /// Reads the `data` of an introspection answer. A schema that does not answer
    /// introspection (`__schema` null or missing) is `GraphQLFailure.noIntrospection`; one
    /// past `limits` is `GraphQLFailure.tooLarge` (the answer's bytes and depth are bounded
    /// by the transport and `JSONNode.parse` before this).
    public static func read(data: JSONNode, limits: GraphQLSchemaLimits = .standard) throws(GraphQLFailure) -> GraphQLSchema {
        guard let schema = data["__schema"], schema.fields != nil else { throw .noIntrospection }
        guard let query = schema.at(["queryType", "name"])?.string else { throw .noIntrospection }
        var types: [String: GraphQLObjectType] = [:]
        let listed = schema["types"]?.elements ?? []
        guard listed.count <= limits.maxTypes else { throw limits.refusal("more than \(limits.maxTypes) types") }
        for span in listed {
            let node = span.node
            guard let name = node["name"]?.string, let kind = node["kind"]?.string,
                  kind == "OBJECT" || kind == "INTERFACE", !name.hasPrefix("__") else { continue }
            let written = node["fields"]?.elements ?? []
            guard written.count <= limits.maxFields else { throw limits.refusal("a type with more than \(limits.maxFields) fields") }
            var fields: [GraphQLField] = []
            for field in written {
                guard (field.node["args"]?.elements?.count ?? 0) <= limits.maxArguments else {
                    throw limits.refusal("a field with more than \(limits.maxArguments) arguments")
                }
                if let read = GraphQLField(span: field) { fields.append(read) }
            }
            let interfaces = (node["interfaces"]?.elements ?? []).compactMap { $0.node["name"]?.string }
            types[name] = GraphQLObjectType(name: name, fields: fields, interfaces: interfaces, isInterface: kind == "INTERFACE")
        }
        return GraphQLSchema(queryType: query, types: types)
    }
}

/// An object (or interface) type: its fields in the schema's order.
public struct GraphQLObjectType: Sendable, Hashable {
    public var name: String
    public var fields: [GraphQLField]
    /// The interfaces an object type implements (`Node` on a Relay server).
    public var interfaces: [String]
    /// An interface (Relay's `Node`), not an object type.
    public var isInterface: Bool

    public init(name: String, fields: [GraphQLField], interfaces: [String] = [], isInterface: Bool = false) {
        self.name = name
        self.fields = fields
        self.interfaces = interfaces
        self.isInterface = isInterface
    }

    public func field(_ name: String) -> GraphQLField? { fields.first { $0.name == name } }
}

/// One field of an object type, with its arguments.
public struct GraphQLField: Sendable, Hashable {
    public var name: String
    public var arguments: [GraphQLArgument]
    public var type: GraphQLTypeRef

    public init(name: String, arguments: [GraphQLArgument] = [], type: GraphQLTypeRef) {
        self.name = name
        self.arguments = arguments
        self.type = type
    }

    init?(span: JSONSpan) {
        guard let name = span.node["name"]?.string, GraphQLName.isValid(name),
              let type = span.node["type"].flatMap({ GraphQLTypeRef(node: $0) }) else { return nil }
        self.name = name
        self.type = type
        arguments = (span.node["args"]?.elements ?? []).compactMap { arg in
            guard let argName = arg.node["name"]?.string, GraphQLName.isValid(argName),
                  let argType = arg.node["type"].flatMap({ GraphQLTypeRef(node: $0) }) else { return nil }
            let hasDefault = arg.node["defaultValue"].map { $0 != .null } ?? false
            return GraphQLArgument(name: argName, type: argType, hasDefault: hasDefault)
        }
    }

    public func argument(_ name: String) -> GraphQLArgument? { arguments.first { $0.name == name } }

    /// Arguments the server requires (non-null without a default).
    public var requiredArguments: [GraphQLArgument] { arguments.filter { $0.isRequired } }
}

/// One argument of a field.
public struct GraphQLArgument: Sendable, Hashable {
    public var name: String
    public var type: GraphQLTypeRef
    public var hasDefault: Bool

    public init(name: String, type: GraphQLTypeRef, hasDefault: Bool = false) {
        self.name = name
        self.type = type
        self.hasDefault = hasDefault
    }

    public var isRequired: Bool {
        if case .nonNull = type { return !hasDefault }
        return false
    }
}

/// A type as a field or argument names it: `[Character!]!` is
/// `nonNull(list(nonNull(named("Character", "OBJECT"))))`.
public indirect enum GraphQLTypeRef: Sendable, Hashable {
    case named(String, kind: String)
    case list(GraphQLTypeRef)
    case nonNull(GraphQLTypeRef)

    init?(node: JSONNode, depth: Int = 0) {
        guard depth < 10, let kind = node["kind"]?.string else { return nil }
        switch kind {
        case "NON_NULL":
            guard let inner = node["ofType"].flatMap({ GraphQLTypeRef(node: $0, depth: depth + 1) }) else { return nil }
            self = .nonNull(inner)
        case "LIST":
            guard let inner = node["ofType"].flatMap({ GraphQLTypeRef(node: $0, depth: depth + 1) }) else { return nil }
            self = .list(inner)
        default:
            guard let name = node["name"]?.string, GraphQLName.isValid(name) else { return nil }
            self = .named(name, kind: kind)
        }
    }

    /// The type without its outer `!`.
    public var nullable: GraphQLTypeRef {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The named type at the core (`Character` in `[Character!]!`).
    public var core: (name: String, kind: String) {
        switch self {
        case .named(let name, let kind): (name, kind)
        case .list(let inner), .nonNull(let inner): inner.core
        }
    }

    /// A list, once the outer `!` is set aside.
    public var isList: Bool {
        if case .list = nullable { return true }
        return false
    }

    /// A leaf value (a scalar or an enum, or a list of them): selected without braces.
    public var isLeaf: Bool { core.kind == "SCALAR" || core.kind == "ENUM" }

    /// The type as a variable definition writes it (`[Int!]!`).
    public var text: String {
        switch self {
        case .named(let name, _): name
        case .list(let inner): "[\(inner.text)]"
        case .nonNull(let inner): inner.text + "!"
        }
    }
}

/// GraphQL's name rule (`/[_A-Za-z][_0-9A-Za-z]*/`): names from a schema go into query
/// text, so one that breaks the rule is never written there.
public enum GraphQLName {
    public static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 128 else { return false }
        let isStart = { (byte: UInt8) in byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) }
        return isStart(first) && name.utf8.allSatisfy { isStart($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }
}
