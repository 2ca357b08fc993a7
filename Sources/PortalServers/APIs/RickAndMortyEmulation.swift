import PortalCore

extension EmulatedAPI {
    /// The Rick and Morty API's server: the snapshot's `DATA/rickandmorty/`, the mirror's `/api`.
    public static let rickAndMorty = EmulatedAPI(
        kind: .rickAndMorty,
        snapshotRules: { folder, links in RickAndMortyRules(data: try RickAndMortyData.load(dataFolder: folder), baseURL: links) },
        mirror: MirrorMount(claims: "/api", mount: "/api") { data, root in
            RickAndMortyRules(
                baseURL: root, characters: data.characters, episodes: ArrayTable(data.rickAndMorty.episodes),
                locations: ArrayTable(data.rickAndMorty.locations), avatarsFolder: data.rickAndMorty.avatarsFolder)
        }
    )
}

extension RickAndMortyRules: ServerRules {
    public func respond(path: String, query: [(key: String, value: String)], headers: [String: String]) -> HTTPResponse {
        respond(path: path, query: query)
    }
}
