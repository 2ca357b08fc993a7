import Foundation
import GraphQL
import struct PortalDemoModels.Character

/// `allCharactersKeyset(first:, after:, last:, before:): CharacterConnection` — a Relay
/// connection whose cursors are opaque keys, not offsets: base64 of `cursor:v2:<id>`, the
/// way GitHub's look. portal cannot make one for an offset, so it walks this list and
/// remembers each page's cursor; a cursor the server never gave is refused, as GitHub
/// refuses it. Keys are ids, so any page is found without walking.
enum KeysetConnection {
    static let name = "allCharactersKeyset"
    static let prefix = "cursor:v2:"

    static func cursor(id: Int) -> String { Data((prefix + String(id)).utf8).base64EncodedString() }

    static func id(_ cursor: String) -> Int? {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
              text.hasPrefix(prefix) else { return nil }
        return Int(text.dropFirst(prefix.count))
    }

    static func field(book: SchemaTypeBook, catalog: GraphQLCatalog) throws -> GraphQLField {
        try read(book.named("CharacterConnection"), "A Relay connection with opaque keyset cursors (not offsets).",
                 args: RelayConnection.arguments) { (_: any Sendable, arguments) in
            try connection(arguments, catalog)
        }
    }

    static func connection(_ arguments: Map, _ catalog: GraphQLCatalog) throws -> RelayConnection {
        func position(_ argument: String) throws -> Int? {
            guard let cursor = stringArgument(arguments, argument) else { return nil }
            guard let id = id(cursor), let position = catalog.position(.character, id: id) else {
                throw FieldRefusal(description: "`\(argument)` does not appear to be a valid cursor.")
            }
            return position
        }
        let count = catalog.count(.character)
        let slice: RelaySlice
        do {
            slice = try RelaySlice(count: count, first: intArgument(arguments, "first"), afterPosition: position("after"),
                                   last: intArgument(arguments, "last"), beforePosition: position("before"))
        } catch let refusal as RelaySlice.Refusal {
            throw FieldRefusal(description: refusal.message)
        }
        let nodes = slice.range.map { catalog.node(.character, at: $0) }
        let cursors = nodes.map { cursor(id: ($0 as? Character)?.id ?? 0) }
        return RelayConnection(slice: slice, totalCount: count, nodes: nodes, cursors: cursors)
    }
}
