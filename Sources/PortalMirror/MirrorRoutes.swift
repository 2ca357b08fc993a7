import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalServers

/// Every dialect of `APIRegistry` behind one dispatcher, a pure function from a request to
/// an answer (the HTTP server, faults and logging wrap it). Each dialect's
/// `APIDescription.mirror` says which paths it claims; the longest claim wins:
///
/// - `/api/v2/pokemon…` → PokeAPI (`PokeAPIRules`), links under `PUBLIC/v2`;
/// - `/api/v2/sprites/pokemon/{id}.png` → a Pokémon's sprite (`DATA/pokeapi/sprites`);
/// - `/api…` → the Rick and Morty API (`RickAndMortyRules`), links under `PUBLIC`;
/// - `/rest/v1/<table>` → PostgREST (`PostgRESTRules`): `characters`, `episodes`,
///   `locations` (links under `PUBLIC`) and `pokemon`, behind the key check when
///   `--require-key` is given; `/rest/v1/rpc/<function>` (POST, or GET) → its functions;
/// - with `--auth-user`: `POST /auth/v1/token` → Supabase Auth (`MirrorAuth`), and
///   `/rest/v1` needs a user's access token, each user seeing their own rows;
/// - with `--oauth-client`: `POST /oauth/token` → OAuth2 client credentials
///   (`MirrorOAuth`), and every route then needs its bearer token;
/// - `/graphql` (POST, or GET) → GraphQL over the same tables (`MirrorGraphQL`, answered
///   through `answer`, which is async);
/// - `/openapi.json` → an OpenAPI document of these routes (`MirrorOpenAPI`), needing no key;
/// - with `--churn N`: `/api/character/events` → the characters' changes as server-sent
///   events (`ChurnEventStream`, answered by the responder: it streams);
/// - anything else → 404 `{"error":"There is nothing here"}`.
public struct MirrorRoutes: Sendable {
    /// One served dialect: where, and its rules.
    struct Route: Sendable {
        let mount: MirrorMount
        let rules: any ServerRules
    }

    let routes: [Route]
    /// The public Rick and Morty root the links are built under.
    public let publicRoot: BaseURL
    /// `--require-key`: the routes that need a key answer 401 without it (as on Supabase).
    public let keyGate: APIKeyGate?
    /// `--auth-user`: sign-in, and a user's token required on `/rest/v1`.
    public let auth: MirrorAuth?
    /// `/graphql`: the snapshot as a GraphQL schema.
    public let graphQL: MirrorGraphQL
    /// `--oauth-client`: `/oauth/token`, and its bearer token required on every API route.
    public let oauth: MirrorOAuth?
    /// `--churn`: the characters changing, streamed at `/api/character/events`.
    public let churn: CharacterChurn?
    /// A comment on the events stream after this long with nothing sent.
    let eventsHeartbeat: Duration
    /// `/realtime/v1/websocket`: Supabase Realtime, `--churn`'s changes as `postgres_changes`.
    let realtime: MirrorRealtime

    /// `publicURL` is the Rick and Morty API root (e.g. `http://127.0.0.1:8080/api`).
    public init(data: MirrorData, publicURL: String, requireKey: String? = nil, auth: MirrorAuth? = nil, oauth: MirrorOAuth? = nil) {
        // With users or OAuth2 clients, `Authorization` carries their token: the key is checked in `apikey` only.
        keyGate = requireKey.map { APIKeyGate(key: $0, apikeyOnly: auth != nil || oauth != nil) }
        self.auth = auth
        self.oauth = oauth
        let root = BaseURL(publicURL)
        publicRoot = root
        var characters: any ItemTable<Character> = data.scale.map {
            SyntheticCharacterTable(base: data.rickAndMorty.characters, count: $0)
        } ?? ArrayTable(data.rickAndMorty.characters)
        if let every = data.growEvery { characters = GrowingCharacterTable(base: characters, every: every, now: data.clock) }
        churn = data.churn.flatMap { CharacterChurn(base: characters, rate: $0, seed: data.churnSeed, now: data.clock) }
        if let churn { characters = ChurningCharacterTable(churn: churn) }
        eventsHeartbeat = data.heartbeat
        realtime = MirrorRealtime(churn: churn, keyGate: keyGate, auth: auth, encoding: APIJSONEncoding(baseURL: root))
        let served = ServedData(rickAndMorty: data.rickAndMorty, characters: characters, pokemon: data.pokemon,
                                pokemonSprites: data.pokemonSprites)
        graphQL = MirrorGraphQL(served: served, publicRoot: root, churn: churn)
        routes = APIRegistry.mirrorMounts
            .sorted { $0.claims.count > $1.claims.count }
            .map { Route(mount: $0, rules: $0.serve(served, root)) }
    }

    /// Answers one request. `target` is the raw request target (`/api/character/?page=2`);
    /// `headers` are the request headers (any case); `body` a POST's body.
    public func respond(method: String, target: String, headers: [String: String], body: Data? = nil) -> HTTPResponse {
        let path: String
        let query: Substring
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = target[target.index(after: mark)...]
        } else {
            path = target
            query = ""
        }
        let posts = path.hasPrefix("/rest/v1/rpc/") || (auth != nil && path == "/auth/v1/token") || (oauth != nil && path == "/oauth/token")
        guard method == "GET" || method == "HEAD" || (method == "POST" && posts) else {
            var response = RickAndMortyRules.error(405, "Method Not Allowed")
            response.headers["allow"] = posts ? "GET, HEAD, POST" : "GET, HEAD"
            return response
        }
        if let auth, path == "/auth/v1/token" {
            if let refusal = keyGate?.refusal(headers: headers) { return refusal }
            guard method == "POST" else { return MirrorAuth.error(405, code: "method_not_allowed", message: "use POST") }
            return auth.token(query: QueryString.pairs(query), body: body)
        }
        if let oauth, path == "/oauth/token" {
            guard method == "POST" else { return MirrorOAuth.error(405, "invalid_request", "use POST") }
            return oauth.token(headers: headers, body: body)
        }
        if path == MirrorOpenAPI.path { return MirrorOpenAPI.response() }
        if path == MirrorRealtime.path { return realtime.httpAnswer(query: QueryString.pairs(query)) }
        guard let route = routes.first(where: { $0.mount.matches(path) }) else {
            return RickAndMortyRules.error(404, RickAndMortyRules.nothingHere)
        }
        if let refusal = oauth?.refusal(headers: headers) { return refusal }
        if route.mount.needsKey, let refusal = keyGate?.refusal(headers: headers) { return refusal }
        let below = String(path.dropFirst(route.mount.mount.count))
        let pairs = QueryString.pairs(query)
        // Signed-in users (`--auth-user`): PostgREST needs a user's token, and each user
        // sees their own rows (`RowVisibility`).
        if let auth, let rest = route.rules as? PostgRESTRules {
            switch auth.user(headers: headers) {
            case .success(let user):
                return rest.respond(method: method, path: below, query: pairs, headers: headers, body: body, visible: user)
            case .failure(let refusal):
                return refusal.response
            }
        }
        return route.rules.respond(method: method, path: below, query: pairs, headers: headers, body: body)
    }
}

/// What the mirror serves, read once from the data folder.
public struct MirrorData: Sendable {
    public var rickAndMorty: RickAndMortyData
    public var pokemon: [PokemonRecord]
    /// Serve this many synthetic characters instead of the real ones.
    public var scale: Int?
    /// `DATA/pokeapi/sprites`, the Pokémon sprites served; nil serves none.
    public var pokemonSprites: String?
    /// `--grow-every`: one more character at the end every interval (`GrowingCharacterTable`).
    public var growEvery: Duration?
    /// `--churn`: this many changes to the characters a second (`CharacterChurn`).
    public var churn: Int?
    /// Seeds which changes `--churn` makes (`--seed`, else 0: the same changes every run).
    public var churnSeed: UInt64 = 0
    /// A comment on the events stream after this long with nothing sent.
    public var heartbeat: Duration = .seconds(15)
    /// The clock the growing and the churn read (a test moves one by hand).
    public var clock: @Sendable () -> ContinuousClock.Instant = { .now }

    public init(rickAndMorty: RickAndMortyData, pokemon: [PokemonRecord], scale: Int? = nil, pokemonSprites: String? = nil) {
        self.rickAndMorty = rickAndMorty
        self.pokemon = pokemon
        self.scale = scale
        self.pokemonSprites = pokemonSprites
    }

    /// Reads `folder/rickandmorty/` and `folder/pokeapi/pokemon.json`; a missing folder or
    /// file is one `PortalError` naming it.
    public static func load(folder: String, scale: Int? = nil) throws -> MirrorData {
        let rickAndMorty = try RickAndMortyData.load(dataFolder: folder)
        guard !rickAndMorty.characters.isEmpty else {
            throw PortalError.dataFileUnreadable(folder + "/rickandmorty/characters.json", "no characters")
        }
        return MirrorData(rickAndMorty: rickAndMorty, pokemon: try PokemonRecord.load(dataFolder: folder), scale: scale,
                          pokemonSprites: PokemonRecord.spritesFolder(dataFolder: folder))
    }
}
