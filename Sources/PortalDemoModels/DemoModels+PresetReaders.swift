import Foundation
import PortalCore
import PortalPresets

// The demo models read as a preset's items, for the mirror, the bench and the tests that
// page them as typed values. The presets themselves read records (`PresetItemReader.records`)
// and rows, and name none of these.

extension PresetItemReader where Item: Decodable {
    /// `JSONDecoder`'s reading.
    public static var decodable: PresetItemReader { PresetItemReader { data, _ in try JSONDecoder().decode([Item].self, from: data) } }
}

extension PresetItemReader where Item: APIDecodable {
    /// The models' own byte reader (`JSONReader`).
    public static var apiDecodable: PresetItemReader { PresetItemReader { data, _ in try Item.readArray(data) } }
}

extension Character: PageRowDecodable {
    /// The fast reader: character rows are the API's objects.
    public static func decodeRows(_ data: Data, firstPosition: Int) throws -> [Character] { try readArray(data) }
}

extension PokemonRecord: PageRowDecodable {
    public static func decodeRows(_ data: Data, firstPosition: Int) throws -> [PokemonRecord] {
        try JSONDecoder().decode([PokemonRecord].self, from: data)
    }
}
