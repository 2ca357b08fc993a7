import Foundation

/// An entry of PokeAPI's list: `{name, url}`. The id is read from the URL
/// (`…/pokemon/10001/`), never from the list position: ids are not contiguous.
public struct PokemonSummary: Sendable, Hashable, Identifiable, Decodable {
    public var id: Int
    public var name: String
    public var url: String

    public init(name: String, url: String) throws {
        guard let id = ResourceURL.trailingID(url) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no id in url \(url)"))
        }
        self.id = id
        self.name = name
        self.url = url
    }

    private enum Keys: String, CodingKey { case name, url }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let url = try c.decode(String.self, forKey: .url)
        guard let id = ResourceURL.trailingID(url) else {
            throw DecodingError.dataCorruptedError(forKey: .url, in: c, debugDescription: "no id in url \(url)")
        }
        self.id = id
        self.name = try c.decode(String.self, forKey: .name)
        self.url = url
    }
}
