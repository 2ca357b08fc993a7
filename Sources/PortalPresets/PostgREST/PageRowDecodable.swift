import Foundation
import PortalCore

/// A model a PostgREST page (a JSON array of rows) decodes into: `Row` reads any table's
/// rows in their served order (the demo models' conformances are PortalDemoModels').
public protocol PageRowDecodable: Identifiable, Sendable where ID: Sendable {
    /// The rows of one answer; `firstPosition` is the list position of the first one.
    static func decodeRows(_ data: Data, firstPosition: Int) throws -> [Self]
}

extension Row: PageRowDecodable {
    public static func decodeRows(_ data: Data, firstPosition: Int) throws -> [Row] {
        try RowReader.rows(data, firstPosition: firstPosition)
    }
}
