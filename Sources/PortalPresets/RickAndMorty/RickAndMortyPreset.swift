import PortalCore

extension APIPreset {
    /// The Rick and Morty API: the default, and what any base URL no other preset
    /// recognises is taken for. Pages `?page=N` of 20 fixed by the server, `info.next` links.
    public static let rickAndMorty = APIPreset(
        kind: .rickAndMorty, title: "Rick and Morty",
        liveBaseURL: "https://rickandmortyapi.com/api", snapshotBaseURL: "https://rickandmortyapi.com/api",
        fixedPageSize: RickAndMortyAPI.pageSize,
        recognises: { _ in false },
        makeSource: { RickAndMortySource(baseURL: $0.baseURL, headers: $0.headers, lists: $0.presetLists) }
    )
}
