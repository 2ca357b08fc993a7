import Foundation
import PortalCore

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

/// Characters as rows: the Rick and Morty JSON objects, links under `encoding.baseURL`.
public struct CharacterRows: RowTable {
    public let table: any ItemTable<Character>
    public let encoding: APIJSONEncoding
    public init(_ table: any ItemTable<Character>, baseURL: String) {
        self.table = table
        self.encoding = APIJSONEncoding(baseURL: baseURL)
    }
    public var count: Int { table.count }
    public var columns: [String] {
        ["id", "name", "status", "species", "type", "gender", "origin", "location", "image", "episode", "url", "created"]
    }
    public func writeRow(at position: Int, into w: inout JSONWriter) { encoding.write(table.item(at: position), into: &w) }

    public func value(_ column: String, at position: Int) -> Row.Value? {
        let c = table.item(at: position)
        switch column {
        case "id": return .number(String(c.id))
        case "name": return .string(c.name)
        case "status": return .string(c.status.rawValue)
        case "species": return .string(c.species)
        case "type": return .string(c.type)
        case "gender": return .string(c.gender.rawValue)
        default: return columns.contains(column) ? writtenValue(column, at: position) : nil
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
