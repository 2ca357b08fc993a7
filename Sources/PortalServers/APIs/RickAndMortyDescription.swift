import PortalCore

extension APIDescription {
    /// The Rick and Morty API: the default, and what any base URL no other entry
    /// recognises is taken for. Pages `?page=N` of 20 fixed by the server.
    public static let rickAndMorty = APIDescription(
        kind: .rickAndMorty, title: "Rick and Morty",
        liveBaseURL: "https://rickandmortyapi.com/api", snapshotBaseURL: "https://rickandmortyapi.com/api",
        fixedPageSize: RickAndMortyAPI.pageSize,
        recognises: { _ in false },
        makeSource: { RickAndMortySource(baseURL: $0.baseURL, headers: $0.headers) },
        snapshotRules: { folder, links in RickAndMortyRules(data: try RickAndMortyData.load(dataFolder: folder), baseURL: links) },
        mirror: MirrorMount(claims: "/api", mount: "/api") { data, root in
            RickAndMortyRules(
                baseURL: root, characters: data.characters, episodes: ArrayTable(data.rickAndMorty.episodes),
                locations: ArrayTable(data.rickAndMorty.locations), avatarsFolder: data.rickAndMorty.avatarsFolder)
        }
    )
}

extension RickAndMortyRules: DialectRules {
    public func respond(path: String, query: [(key: String, value: String)], headers: [String: String]) -> HTTPResponse {
        respond(path: path, query: query)
    }
}
