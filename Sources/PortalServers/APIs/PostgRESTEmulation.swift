import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets

extension EmulatedAPI {
    /// PostgREST's server (Supabase): the snapshot and the mirror serve the tables
    /// `characters`, `episodes`, `locations` (Rick and Morty links) and `pokemon`; the
    /// mirror's routes are behind `--require-key` when it is given.
    public static let postgREST = EmulatedAPI(
        kind: .postgREST,
        snapshotRules: { folder, _ in
            let data = try RickAndMortyData.load(dataFolder: folder)
            return PostgRESTRules(rickAndMorty: data, characters: ArrayTable(data.characters),
                                  pokemon: try PokemonRecord.load(dataFolder: folder),
                                  baseURL: APIPreset.rickAndMorty.snapshotBaseURL)
        },
        mirror: MirrorMount(claims: "/rest/v1", mount: "/rest/v1", needsKey: true) { data, root in
            PostgRESTRules(rickAndMorty: data.rickAndMorty, characters: data.characters, pokemon: data.pokemon, baseURL: root)
        }
    )
}

extension PostgRESTRules: ServerRules {
    /// `path` is `/<table>`: one segment, percent-decoded; anything else is a 404.
    public func respond(path: String, query: [(key: String, value: String)], headers: [String: String]) -> HTTPResponse {
        let table = QueryString.decode(Substring(path.drop { $0 == "/" }))
        guard !table.isEmpty, !table.contains("/") else { return PokeAPIRules.notFoundResponse() }
        return respond(table: table, query: query, headers: headers)
    }

    /// Any method: `/rpc/NAME` is a function (POST with its arguments as the body, or GET
    /// with them in the query), anything else a table (GET). `visible` is the signed-in
    /// user's row-level security (the mirror's `--auth-user`).
    public func respond(
        method: String, path: String, query: [(key: String, value: String)], headers: [String: String], body: Data?,
        visible: RowVisibility? = nil
    ) -> HTTPResponse {
        let name = QueryString.decode(Substring(path.drop { $0 == "/" }))
        if name.hasPrefix("rpc/") {
            return respondFunction(String(name.dropFirst("rpc/".count)), method: method, query: query, headers: headers, body: body, visible: visible)
        }
        guard method == "GET" || method == "HEAD" else {
            var response = RickAndMortyRules.error(405, "Method Not Allowed")
            response.headers["allow"] = "GET, HEAD"
            return response
        }
        guard !name.isEmpty, !name.contains("/") else { return PokeAPIRules.notFoundResponse() }
        return respond(table: name, query: query, headers: headers, visible: visible)
    }

    public func respond(method: String, path: String, query: [(key: String, value: String)], headers: [String: String], body: Data?) -> HTTPResponse {
        respond(method: method, path: path, query: query, headers: headers, body: body, visible: nil)
    }
}
