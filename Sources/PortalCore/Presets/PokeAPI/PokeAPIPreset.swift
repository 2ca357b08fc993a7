extension APIPreset {
    /// PokeAPI: `…/api/v2`, pages `?offset=O&limit=N` with a `next` link.
    public static let pokeAPI = APIPreset(
        kind: .pokeAPI, title: "PokeAPI",
        paging: .nextURL(["next"]), address: .offsetParam("offset", start: 0),
        items: "Pokémon as typed models (a name and a number; the detail from /pokemon/{id}/)",
        pictures: "the sprite named from the number (PokeAPISprites), bare on another server",
        liveBaseURL: "https://pokeapi.co/api/v2", snapshotBaseURL: "https://pokeapi.co/api/v2",
        fixedPageSize: nil,
        recognises: { $0.hasSuffix("/api/v2") },
        makeSource: { PokeAPISource(baseURL: $0.baseURL, pageSize: $0.pageSize, headers: $0.headers) }
    )
}
