import Foundation
import PortalCore
import PortalDemoModels
import PortalJSON

/// A table PostgREST can serve: rows in id order, each written as one JSON object, and
/// each column's value for filters, `order=` and `select=`.
public protocol RowTable: Sendable {
    var count: Int { get }
    /// The column names, in the order a row is written.
    var columns: [String] { get }
    func writeRow(at position: Int, into w: inout JSONWriter)
    /// The value of `column` in the row at `position` (nil for a column the table lacks).
    func value(_ column: String, at position: Int) -> Row.Value?
}

extension RowTable {
    /// Any column, read back from the written row: always right, and the tables below
    /// answer their scalar columns faster without it.
    public func writtenValue(_ column: String, at position: Int) -> Row.Value? {
        var w = JSONWriter()
        w.beginArray()
        writeRow(at: position, into: &w)
        w.endArray()
        return (try? RowReader.rows(Data(w.bytes)))?.first?[column]
    }
}

/// The Rick and Morty models as rows of a Supabase copy of the API: each row is the API's
/// JSON object (same columns, key order and links under `encoding.baseURL`), so
/// `PostgRESTSource` reads it back as the model and follows its links to the other tables
/// (`characters`, `episodes`, `locations`) with `id=in.(…)`.
public struct APIRows<Model: APIRowModel>: RowTable {
    public let table: any ItemTable<Model>
    public let encoding: APIJSONEncoding
    public init(_ table: any ItemTable<Model>, baseURL: BaseURL) {
        self.table = table
        self.encoding = APIJSONEncoding(baseURL: baseURL)
    }
    public var count: Int { table.count }
    public var columns: [String] { Model.columns }
    public func writeRow(at position: Int, into w: inout JSONWriter) { table.item(at: position).writeAPIJSON(encoding, into: &w) }

    public func value(_ column: String, at position: Int) -> Row.Value? {
        if let scalar = table.item(at: position).scalar(column) { return scalar }
        return columns.contains(column) ? writtenValue(column, at: position) : nil
    }
}

/// Characters as rows (the `characters` table).
public typealias CharacterRows = APIRows<Character>
/// Episodes as rows (the `episodes` table): `id name air_date episode characters url created`.
public typealias EpisodeRows = APIRows<Episode>
/// Locations as rows (the `locations` table): `id name type dimension residents url created`.
public typealias LocationRows = APIRows<Location>

/// A model written as one row in the API's shape: its columns in the written order, and
/// the scalar ones answered straight from the model (filters and `order=` read them for
/// every row; the nested ones are read back from the written row).
public protocol APIRowModel: APIEncodable, Sendable {
    static var columns: [String] { get }
    /// The value of a scalar column; nil for a nested or unknown one.
    func scalar(_ column: String) -> Row.Value?
}

extension Character: APIRowModel {
    public static var columns: [String] {
        ["id", "name", "status", "species", "type", "gender", "origin", "location", "image", "episode", "url", "created"]
    }
    public func scalar(_ column: String) -> Row.Value? {
        switch column {
        case "id": .number(String(id))
        case "name": .string(name)
        case "status": .string(status.rawValue)
        case "species": .string(species)
        case "type": .string(type)
        case "gender": .string(gender.rawValue)
        default: nil
        }
    }
}

extension Episode: APIRowModel {
    public static var columns: [String] { ["id", "name", "air_date", "episode", "characters", "url", "created"] }
    public func scalar(_ column: String) -> Row.Value? {
        switch column {
        case "id": .number(String(id))
        case "name": .string(name)
        case "air_date": .string(airDate)
        case "episode": .string(code)
        default: nil
        }
    }
}

extension Location: APIRowModel {
    public static var columns: [String] { ["id", "name", "type", "dimension", "residents", "url", "created"] }
    public func scalar(_ column: String) -> Row.Value? {
        switch column {
        case "id": .number(String(id))
        case "name": .string(name)
        case "type": .string(type)
        case "dimension": .string(dimension)
        default: nil
        }
    }
}

/// Pokémon as rows: the seed records `{id, name, height, weight, base_experience, types}`.
public struct PokemonRows: RowTable {
    public let table: ArrayTable<PokemonRecord>
    public init(_ pokemon: [PokemonRecord]) { table = ArrayTable(pokemon) }
    public var count: Int { table.count }
    public var columns: [String] { ["id", "name", "height", "weight", "base_experience", "types"] }
    public func writeRow(at position: Int, into w: inout JSONWriter) {
        let p = table.item(at: position)
        w.beginObject()
        w.field("id", p.id)
        w.field("name", p.name)
        w.field("height", p.height)
        w.field("weight", p.weight)
        w.key("base_experience")
        if let xp = p.baseExperience { w.int(xp) } else { w.null() }
        w.key("types")
        w.beginArray()
        for type in p.types { w.string(type) }
        w.endArray()
        w.endObject()
    }

    public func value(_ column: String, at position: Int) -> Row.Value? {
        let p = table.item(at: position)
        switch column {
        case "id": return .number(String(p.id))
        case "name": return .string(p.name)
        case "height": return .number(String(p.height))
        case "weight": return .number(String(p.weight))
        case "base_experience": return p.baseExperience.map { .number(String($0)) } ?? .null
        default: return columns.contains(column) ? writtenValue(column, at: position) : nil
        }
    }
}
