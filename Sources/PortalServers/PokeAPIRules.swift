import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalJSON

/// PokeAPI's `/api/v2/pokemon` behaviour (offset/limit pagination), written once for the
/// mirror and for tests (`api-facts.md` §2).
///
/// - `GET /pokemon?offset=O&limit=L` → `{count, next, previous, results:[{name, url}]}`;
///   `limit` defaults to 20 (a missing, zero, negative or unreadable one reads as 20), an
///   unreadable or negative offset as 0. Past the end: 200 with `results: []` and
///   `next: null`.
/// - `next`/`previous` are the path as sent plus `?offset=…&limit=…`; `previous` is null
///   at offset 0.
/// - `GET /pokemon/{id or name}` (with or without the trailing slash) → the record;
///   unknown → 404 `Not Found` (plain text, as the real service answers).
/// - `GET /sprites/pokemon/{id}.png` → the sprite from `spritesFolder` (1,120 of the
///   1,351 Pokémon have one); none → 404. A detail's `sprites.front_default` names it
///   (`PokeAPISprites`) when it exists, and is null otherwise, as on the real API.
public struct PokeAPIRules: Sendable {
    public static let defaultLimit = PresetPages<PokemonSummary>.pokeAPIDefaultLimit
    public static let notFound = "Not Found"

    /// The API root every link points at, e.g. `http://127.0.0.1:8080/api/v2`.
    public let baseURL: BaseURL
    public let pokemon: ArrayTable<PokemonRecord>
    /// `DATA/pokeapi/sprites`: `{id}.png` per Pokémon that has a sprite; nil serves none.
    public let spritesFolder: String?
    private let positionsByName: [String: Int]

    public init(baseURL: BaseURL, pokemon: [PokemonRecord], spritesFolder: String? = nil) {
        self.baseURL = baseURL
        self.spritesFolder = spritesFolder
        self.pokemon = ArrayTable(pokemon)
        var byName: [String: Int] = [:]
        for position in 0..<self.pokemon.count { byName[self.pokemon.item(at: position).name] = position }
        positionsByName = byName
    }

    /// Answers one GET. `path` is below the API root (`/pokemon/?offset=20` has path
    /// `/pokemon/`); `query` is the decoded query in the order it was sent.
    public func respond(path: String, query: [(key: String, value: String)]) -> HTTPResponse {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if segments.count == 3, segments[0] == "sprites", segments[1] == "pokemon" { return sprite(segments[2]) }
        guard segments.first == "pokemon" else { return Self.notFoundResponse() }
        switch segments.count {
        case 1:
            return list(path: path, query: query)
        case 2 where segments[1].isEmpty:
            return list(path: path, query: query)
        case 2:
            return detail(QueryString.decode(Substring(segments[1])))
        case 3 where segments[2].isEmpty:
            return detail(QueryString.decode(Substring(segments[1])))
        default:
            return Self.notFoundResponse()
        }
    }

    private func list(path: String, query: [(key: String, value: String)]) -> HTTPResponse {
        func value(_ key: String) -> String? { query.first(where: { $0.key == key })?.value }
        let limit = value("limit").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 > 0 ? $0 : nil }
            ?? Self.defaultLimit
        let offset = value("offset").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 >= 0 ? $0 : nil } ?? 0
        let count = pokemon.count
        let end = offset > Int.max - limit ? Int.max : offset + limit
        let linkBase = baseURL + path
        var w = JSONWriter(reserving: 4096)
        w.beginObject()
        w.field("count", count)
        w.field("next", end < count ? "\(linkBase)?offset=\(end)&limit=\(limit)" : nil)
        w.field("previous", offset > 0 ? "\(linkBase)?offset=\(max(0, offset - limit))&limit=\(limit)" : nil)
        w.key("results")
        w.beginArray()
        if offset < count {
            for position in offset..<min(count, end) {
                let p = pokemon.item(at: position)
                w.beginObject()
                w.field("name", p.name)
                w.field("url", "\(baseURL)/pokemon/\(p.id)/")
                w.endObject()
            }
        }
        w.endArray()
        w.endObject()
        return RickAndMortyRules.json(200, w.bytes)
    }

    /// The sprite file `{id}.png` of a known Pokémon; anything else is 404.
    public func sprite(_ file: String) -> HTTPResponse {
        guard file.hasSuffix(".png"), let id = Int(file.dropLast(4)), pokemon.position(ofID: id) != nil,
              let path = spritePath(id), let bytes = try? SnapshotFile.read(path, limit: SnapshotFile.maxAvatarBytes)
        else { return Self.notFoundResponse() }
        return HTTPResponse(status: 200, headers: ["content-type": ImageSniffer.contentType(of: bytes)], body: bytes)
    }

    /// The sprite file of Pokémon `id`, when the folder has one.
    private func spritePath(_ id: Int) -> String? {
        guard let folder = spritesFolder else { return nil }
        let path = (folder as NSString).appendingPathComponent("\(id).png")
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    private func detail(_ key: String) -> HTTPResponse {
        let position = Int(key).flatMap { pokemon.position(ofID: $0) } ?? positionsByName[key]
        guard let position else { return Self.notFoundResponse() }
        var w = JSONWriter(reserving: 1024)
        writeDetail(pokemon.item(at: position), into: &w)
        return RickAndMortyRules.json(200, w.bytes)
    }

    /// A subset of the real detail object, keys in the real (alphabetical) order.
    public func writeDetail(_ p: PokemonRecord, into w: inout JSONWriter) {
        w.beginObject()
        w.key("base_experience")
        if let xp = p.baseExperience { w.int(xp) } else { w.null() }
        w.field("height", p.height)
        w.field("id", p.id)
        w.key("is_default")
        w.bool(p.id < 10_000)
        w.field("name", p.name)
        // The real object's sprite slots: the front sprite where the data has one.
        w.key("sprites")
        w.beginObject()
        for slot in ["back_default", "back_female", "back_shiny", "back_shiny_female",
                     "front_default", "front_female", "front_shiny", "front_shiny_female"] {
            w.key(slot)
            if slot == "front_default", spritePath(p.id) != nil {
                w.string(PokeAPISprites.url(id: p.id, baseURL: baseURL.text))
            } else {
                w.null()
            }
        }
        w.endObject()
        w.key("types")
        w.beginArray()
        for (index, type) in p.types.enumerated() {
            w.beginObject()
            w.field("slot", index + 1)
            w.key("type")
            w.beginObject()
            w.field("name", type)
            w.field("url", "\(baseURL)/type/\(Self.typeIDs[type] ?? 10_001)/")
            w.endObject()
            w.endObject()
        }
        w.endArray()
        w.field("weight", p.weight)
        w.endObject()
    }

    /// PokeAPI's type ids (`types.csv`).
    static let typeIDs: [String: Int] = [
        "normal": 1, "fighting": 2, "flying": 3, "poison": 4, "ground": 5, "rock": 6, "bug": 7,
        "ghost": 8, "steel": 9, "fire": 10, "water": 11, "grass": 12, "electric": 13, "psychic": 14,
        "ice": 15, "dragon": 16, "dark": 17, "fairy": 18, "stellar": 19, "unknown": 10_001, "shadow": 10_002,
    ]

    public static func notFoundResponse() -> HTTPResponse {
        HTTPResponse(status: 404, headers: ["content-type": "text/plain; charset=utf-8"], body: Data(notFound.utf8))
    }
}

extension PokemonRecord {
    /// `dataFolder/pokeapi/sprites`, where the sprites of the seed data are.
    public static func spritesFolder(dataFolder: String) -> String {
        ((dataFolder as NSString).appendingPathComponent("pokeapi") as NSString).appendingPathComponent("sprites")
    }
}
