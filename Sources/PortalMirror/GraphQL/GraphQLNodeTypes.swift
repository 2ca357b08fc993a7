import GraphQL
import enum PortalCore.APIDate
import struct PortalDemoModels.Character
import struct PortalDemoModels.Episode
import struct PortalDemoModels.Location
import struct PortalDemoModels.PlaceLink

/// `Character`, `Episode` and `Location` as rickandmortyapi.com/graphql has them, plus the
/// nested Relay connections the real API lacks (`Character.episodes`,
/// `Episode.charactersConnection`, `Location.residentsConnection`) so a detail's related
/// list can be paged by its own cursor.
enum NodeTypes {
    typealias Place = PortalDemoModels.Location

    static func add(to book: SchemaTypeBook, catalog: GraphQLCatalog) throws {
        // Thunks: the three refer to each other and to their connections, which exist only
        // once the schema is put together.
        book.add(try GraphQLObjectType(name: "Character", fields: { try characterFields(book, catalog) }))
        book.add(try GraphQLObjectType(name: "Episode", fields: { try episodeFields(book, catalog) }))
        book.add(try GraphQLObjectType(name: "Location", fields: { try locationFields(book, catalog) }))
    }

    private static func characterFields(_ book: SchemaTypeBook, _ catalog: GraphQLCatalog) throws -> GraphQLFieldMap {
        let root = catalog.publicRoot
        return try [
            "id": read(GraphQLID) { (c: Character, _) in c.id },
            "name": read(GraphQLString) { (c: Character, _) in c.name },
            "status": read(GraphQLString) { (c: Character, _) in c.status.rawValue },
            "species": read(GraphQLString) { (c: Character, _) in c.species },
            "type": read(GraphQLString) { (c: Character, _) in c.type },
            "gender": read(GraphQLString) { (c: Character, _) in c.gender.rawValue },
            "origin": read(book.named("Location")) { (c: Character, _) in place(c.origin, catalog) },
            "location": read(book.named("Location")) { (c: Character, _) in place(c.location, catalog) },
            "image": read(GraphQLString) { (c: Character, _) in "\(root)/character/avatar/\(c.avatarID).jpeg" },
            "episode": read(nonNull(GraphQLList(book.named("Episode")))) { (c: Character, _) in
                listValue(catalog.linked(.episode, ids: c.episodeIDs))
            },
            "episodes": read(book.named("EpisodeConnection"), "The character's episodes as a Relay connection.",
                             args: RelayConnection.arguments) { (c: Character, arguments) in
                try linkedConnection(.episode, c.episodeIDs, arguments, catalog)
            },
            "created": read(GraphQLString) { (c: Character, _) in APIDate.format(c.created) },
        ]
    }

    private static func episodeFields(_ book: SchemaTypeBook, _ catalog: GraphQLCatalog) throws -> GraphQLFieldMap {
        try [
            "id": read(GraphQLID) { (e: Episode, _) in e.id },
            "name": read(GraphQLString) { (e: Episode, _) in e.name },
            "air_date": read(GraphQLString) { (e: Episode, _) in e.airDate },
            "episode": read(GraphQLString) { (e: Episode, _) in e.code },
            "characters": read(nonNull(GraphQLList(book.named("Character")))) { (e: Episode, _) in
                listValue(catalog.linked(.character, ids: e.characterIDs))
            },
            "charactersConnection": read(book.named("CharacterConnection"), "The episode's characters as a Relay connection.",
                                         args: RelayConnection.arguments) { (e: Episode, arguments) in
                try linkedConnection(.character, e.characterIDs, arguments, catalog)
            },
            "created": read(GraphQLString) { (e: Episode, _) in APIDate.format(e.created) },
        ]
    }

    /// A `Location`'s source is a location, or a character's place that names no location
    /// (`unknown`): then only `name` is known.
    private static func locationFields(_ book: SchemaTypeBook, _ catalog: GraphQLCatalog) throws -> GraphQLFieldMap {
        try [
            "id": read(GraphQLID) { (l: any Sendable, _) in (l as? Place)?.id },
            "name": read(GraphQLString) { (l: any Sendable, _) in (l as? Place)?.name ?? (l as? PlaceLink)?.name },
            "type": read(GraphQLString) { (l: any Sendable, _) in (l as? Place)?.type },
            "dimension": read(GraphQLString) { (l: any Sendable, _) in (l as? Place)?.dimension },
            "residents": read(nonNull(GraphQLList(book.named("Character")))) { (l: any Sendable, _) in
                listValue(catalog.linked(.character, ids: (l as? Place)?.residentIDs ?? []))
            },
            "residentsConnection": read(book.named("CharacterConnection"), "The location's residents as a Relay connection.",
                                        args: RelayConnection.arguments) { (l: any Sendable, arguments) in
                try linkedConnection(.character, (l as? Place)?.residentIDs ?? [], arguments, catalog)
            },
            "created": read(GraphQLString) { (l: any Sendable, _) in (l as? Place).map { APIDate.format($0.created) } },
        ]
    }

    /// The location a place names, or the place itself when it names none (or one the
    /// snapshot lacks).
    private static func place(_ link: PlaceLink, _ catalog: GraphQLCatalog) -> any Sendable {
        guard let id = link.locationID, let position = catalog.position(.location, id: Int(id)) else { return link }
        return catalog.node(.location, at: position)
    }

    /// A connection over a node's linked ids (those the tables hold, in the node's order).
    private static func linkedConnection(
        _ kind: GraphQLCatalog.Kind, _ ids: [Int32], _ arguments: Map, _ catalog: GraphQLCatalog
    ) throws -> RelayConnection {
        let positions = ids.compactMap { catalog.position(kind, id: Int($0)) }
        return try RelayConnection(count: positions.count, arguments: arguments) { catalog.node(kind, at: positions[$0]) }
    }
}
