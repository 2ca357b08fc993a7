import Foundation
import PortalCore

/// One Pokémon as the seed data (`DATA/pokeapi/pokemon.json`) and the PostgREST rows
/// hold it: `{id, name, height, weight, base_experience, types:[names]}`.
///
/// It also decodes PokeAPI's detail shape, where `types` is
/// `[{"slot":1,"type":{"name":"grass","url":…}}]`.
public struct PokemonRecord: Sendable, Hashable, Identifiable, Decodable {
    public var id: Int
    public var name: String
    /// Decimetres.
    public var height: Int
    /// Hectograms.
    public var weight: Int
    /// Null for some alternate forms, as on the real API.
    public var baseExperience: Int?
    /// Type names ordered by slot.
    public var types: [String]
    /// The detail's `sprites.front_default`, when the source has an image (the mirror and
    /// the seed data have none: nil).
    public var spriteURL: String?

    public init(id: Int, name: String, height: Int, weight: Int, baseExperience: Int?, types: [String], spriteURL: String? = nil) {
        self.id = id
        self.name = name
        self.height = height
        self.weight = weight
        self.baseExperience = baseExperience
        self.types = types
        self.spriteURL = spriteURL
    }

    private enum Keys: String, CodingKey {
        case id, name, height, weight, base_experience, types, sprites
    }

    private struct Sprites: Decodable {
        var front_default: String?
    }

    private struct TypeSlot: Decodable {
        struct Named: Decodable { var name: String }
        var slot: Int
        var type: Named
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        id = try c.decode(Int.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        height = try c.decode(Int.self, forKey: .height)
        weight = try c.decode(Int.self, forKey: .weight)
        baseExperience = try c.decodeIfPresent(Int.self, forKey: .base_experience)
        if let names = try? c.decode([String].self, forKey: .types) {
            types = names
        } else {
            types = try c.decode([TypeSlot].self, forKey: .types).sorted { $0.slot < $1.slot }.map(\.type.name)
        }
        // A sprite of another shape is no sprite: the detail stays readable without it.
        spriteURL = (try? c.decodeIfPresent(Sprites.self, forKey: .sprites))?.front_default
    }

    /// Loads `dataFolder/pokeapi/pokemon.json`, sorted by id. A missing or unreadable file
    /// is one clear error naming the path.
    public static func load(dataFolder: String) throws -> [PokemonRecord] {
        let path = ((dataFolder as NSString).appendingPathComponent("pokeapi") as NSString)
            .appendingPathComponent("pokemon.json")
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PortalError.dataFileUnreadable(path, "missing or unreadable")
        }
        do {
            return try JSONDecoder().decode([PokemonRecord].self, from: data).sorted { $0.id < $1.id }
        } catch {
            throw PortalError.dataFileUnreadable(path, "not the seed JSON (\(error))")
        }
    }
}
