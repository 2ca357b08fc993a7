import Foundation
import PortalCore

/// A model a PostgREST page (a JSON array of rows) decodes into. `Decodable` models get
/// it from `JSONDecoder`; `Row` reads any table's rows in their served order.
public protocol PageRowDecodable: Identifiable, Sendable where ID: Sendable {
    /// The rows of one answer; `firstPosition` is the list position of the first one.
    static func decodeRows(_ data: Data, firstPosition: Int) throws -> [Self]
}

extension PageRowDecodable where Self: Decodable {
    public static func decodeRows(_ data: Data, firstPosition: Int) throws -> [Self] {
        try JSONDecoder().decode([Self].self, from: data)
    }
}

extension Character: PageRowDecodable {
    /// The fast reader: character rows are the API's objects.
    public static func decodeRows(_ data: Data, firstPosition: Int) throws -> [Character] { try readArray(data) }
}

extension PokemonRecord: PageRowDecodable {}

extension Row: PageRowDecodable {
    public static func decodeRows(_ data: Data, firstPosition: Int) throws -> [Row] {
        try RowReader.rows(data, firstPosition: firstPosition)
    }
}
