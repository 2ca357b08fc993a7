import PortalCore

/// How large a schema portal reads from an introspection answer, and how much query text
/// it writes from one. The answer itself is bounded before this (the transport's body cap,
/// `JSONNode.parse`'s depth and tree bytes); what is bounded here is what the reader makes
/// of it, which could otherwise grow as the product of two counts: every list field of a
/// type with thousands of object fields selects each of them (`owner { name }`), once per
/// list that shows that type, in the root's lists and in every node's nested lists.
///
/// The standard bounds are far above real schemas (GitHub's has about 1,800 types; its
/// largest object types a few hundred fields).
public struct GraphQLSchemaLimits: Sendable, Equatable {
    /// Types in `__schema.types`.
    public var maxTypes: Int
    /// Fields of one object or interface type.
    public var maxFields: Int
    /// Arguments of one field.
    public var maxArguments: Int
    /// Nested objects a node's selection names (`owner { name }`), beside its leaves.
    public var maxNestedSelections: Int
    /// Bytes of query text the nested lists of every node type hold together
    /// (`GraphQLNestedCatalog`); types past it offer no nested list.
    public var maxCatalogBytes: Int

    public init(maxTypes: Int = 20_000, maxFields: Int = 2_000, maxArguments: Int = 100,
                maxNestedSelections: Int = 24, maxCatalogBytes: Int = 8 << 20) {
        self.maxTypes = maxTypes
        self.maxFields = maxFields
        self.maxArguments = maxArguments
        self.maxNestedSelections = maxNestedSelections
        self.maxCatalogBytes = maxCatalogBytes
    }

    public static let standard = GraphQLSchemaLimits()

    func refusal(_ what: String) -> GraphQLFailure { .tooLarge(what) }
}
