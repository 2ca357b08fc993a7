import PortalCore

extension APIPreset {
    /// PokeAPI: `…/api/v2`, pages `?offset=O&limit=N` with a `next` link.
    public static let pokeAPI = APIPreset(
        kind: .pokeAPI, title: "PokeAPI",
        liveBaseURL: "https://pokeapi.co/api/v2", snapshotBaseURL: "https://pokeapi.co/api/v2",
        fixedPageSize: nil,
        recognises: { $0.hasSuffix("/api/v2") },
        makeSource: { PokeAPISource(baseURL: $0.baseURL, pageSize: $0.pageSize, headers: $0.headers, lists: $0.presetLists) }
    )
}
