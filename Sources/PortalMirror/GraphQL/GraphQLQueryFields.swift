import GraphQL
import struct PortalPresets.APIRequest

/// The mirror's GraphQL schema: for each of `character`, `episode` and `location`, the
/// root fields of every paging style portal reads —
///
/// - `characters(page: Int, filter: FilterCharacter): Characters` — Rick and Morty's own
///   page numbers (`info { count pages next prev }`, `results`);
/// - `character(id: ID!)`, `charactersByIds(ids: [ID!]!)` — as on rickandmortyapi.com;
/// - `allCharacters(first:, after:, last:, before:, filter:): CharacterConnection` — a
///   Relay connection with graphql-relay's offset cursors, `totalCount` and `nodes`;
/// - `charactersPage(offset:, limit:, filter:): CharacterPage` — offsets with `totalCount`.
///
/// and, for characters only, `allCharactersKeyset` (`KeysetConnection`): Relay with opaque
/// cursors, a list that can only be walked.
enum MirrorGraphQLSchema {
    /// One list's names in the schema.
    struct Names {
        let kind: GraphQLCatalog.Kind
        let node: String
        let plural: String
        let relay: String
        let filter: String
        let filterKeys: [String]
    }

    static let lists = [
        Names(kind: .character, node: "Character", plural: "characters", relay: "allCharacters",
              filter: "FilterCharacter", filterKeys: ["name", "status", "species", "type", "gender"]),
        Names(kind: .episode, node: "Episode", plural: "episodes", relay: "allEpisodes",
              filter: "FilterEpisode", filterKeys: ["name", "episode"]),
        Names(kind: .location, node: "Location", plural: "locations", relay: "allLocations",
              filter: "FilterLocation", filterKeys: ["name", "type", "dimension"]),
    ]

    /// With `churn`, a `Subscription` root too (`SubscriptionFields`).
    static func make(_ catalog: GraphQLCatalog, churn: CharacterChurn? = nil) throws -> GraphQLSchema {
        let book = SchemaTypeBook()
        book.add(try PagedTypes.pageInfo())
        book.add(try PagedTypes.info())
        try NodeTypes.add(to: book, catalog: catalog)
        var fields: GraphQLFieldMap = [:]
        for names in lists {
            let capitalised = names.plural.prefix(1).uppercased() + names.plural.dropFirst()
            try PagedTypes.add(node: names.node, plural: capitalised, to: book)
            let filter = try GraphQLInputObjectType(
                name: names.filter,
                fields: InputObjectFieldMap(uniqueKeysWithValues: names.filterKeys.map { ($0, InputObjectField(type: GraphQLString)) }))
            for (name, field) in try rootFields(names, capitalised: capitalised, filter: filter, book: book, catalog: catalog) {
                fields[name] = field
            }
        }
        fields[KeysetConnection.name] = try KeysetConnection.field(book: book, catalog: catalog)
        let subscription = try churn.map { try SubscriptionFields.type(book: book, churn: $0) }
        return try GraphQLSchema(query: GraphQLObjectType(name: "Query", fields: fields), subscription: subscription)
    }

    private static func rootFields(
        _ names: Names, capitalised: String, filter: GraphQLInputObjectType, book: SchemaTypeBook, catalog: GraphQLCatalog
    ) throws -> GraphQLFieldMap {
        let kind = names.kind
        let node = try book.named(names.node)
        let singular = String(names.node.prefix(1).lowercased() + names.node.dropFirst())
        let filterArgument = GraphQLArgument(type: filter, description: "Substring filters, as the REST API's query parameters.")
        var relayArguments = RelayConnection.arguments
        relayArguments["filter"] = filterArgument
        var offsetArguments = OffsetPage.arguments
        offsetArguments["filter"] = filterArgument
        return try [
            singular: read(node, "One \(singular) by id.", args: ["id": GraphQLArgument(type: nonNull(GraphQLID))]) { (_: any Sendable, arguments) in
                guard let id = arguments["id"].string.flatMap({ Int($0) }), let position = catalog.position(kind, id: id) else { return nil }
                return catalog.node(kind, at: position)
            },
            names.plural: read(book.named(capitalised), "A page of 20, Rick and Morty's way.",
                               args: ["page": GraphQLArgument(type: GraphQLInt), "filter": filterArgument]) { (_: any Sendable, arguments) in
                let selection = catalog.select(kind, filters(arguments, names.filterKeys))
                return RickAndMortyPage(page: intArgument(arguments, "page"), count: selection.count) {
                    catalog.node(kind, at: selection.position(at: $0))
                }
            },
            "\(names.plural)ByIds": read(GraphQLList(node), "The \(names.plural) with these ids, in id order.",
                                         args: ["ids": GraphQLArgument(type: nonNull(GraphQLList(nonNull(GraphQLID))))]) { (_: any Sendable, arguments) in
                let ids = (arguments["ids"].array ?? []).compactMap { $0.string.flatMap { Int($0) } }
                return listValue(catalog.nodes(kind, ids: ids))
            },
            names.relay: read(book.named("\(names.node)Connection"), "A Relay connection with offset cursors.",
                              args: relayArguments) { (_: any Sendable, arguments) in
                let selection = catalog.select(kind, filters(arguments, names.filterKeys))
                return try RelayConnection(count: selection.count, arguments: arguments) {
                    catalog.node(kind, at: selection.position(at: $0))
                }
            },
            "\(names.plural)Page": read(book.named("\(names.node)Page"), "An offset page with the total.",
                                        args: offsetArguments) { (_: any Sendable, arguments) in
                let selection = catalog.select(kind, filters(arguments, names.filterKeys))
                return try OffsetPage(count: selection.count, arguments: arguments) {
                    catalog.node(kind, at: selection.position(at: $0))
                }
            },
        ]
    }

    /// The `filter` argument's string fields as the REST API's filters.
    private static func filters(_ arguments: Map, _ keys: [String]) -> [APIRequest.Filter] {
        let filter = arguments["filter"]
        return keys.compactMap { key in filter[key].string.map { APIRequest.Filter(key, $0) } }
    }
}
