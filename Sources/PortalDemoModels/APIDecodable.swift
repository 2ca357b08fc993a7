import Foundation

/// A model read straight from the API's JSON with `JSONReader` (the fast path used by the
/// snapshot and by page decoding). Unknown keys are skipped; a missing required key is an
/// error, as it is for `Decodable`.
public protocol APIDecodable: Sendable {
    static func read(from reader: inout JSONReader) throws -> Self
}

extension APIDecodable {
    /// Decodes a JSON array of this model.
    public static func readArray(_ data: Data) throws -> [Self] {
        var reader = JSONReader(data)
        let items = try reader.readArray(of: { try Self.read(from: &$0) })
        try reader.expectEnd()
        return items
    }

    /// Decodes one JSON object of this model.
    public static func readOne(_ data: Data) throws -> Self {
        var reader = JSONReader(data)
        let item = try Self.read(from: &reader)
        try reader.expectEnd()
        return item
    }
}
