import Foundation
import PortalJSON

/// Reads a PostgREST answer (a JSON array of objects) into `Row`s with the one JSON
/// scanner (`JSONNode.parse`): every row keeps its exact JSON and its column order, which
/// `JSONSerialization` would lose, and its strings are decoded by `JSONReader`'s rules.
/// A row's values are read as any API's items' are (`JSONItems.value`).
///
/// Bounded: the tree by `JSONNodeLimits` (the body itself is capped by the transport), and
/// at most `maxColumns` columns a row.
public struct RowReader: Sendable {
    public static let maxColumns = 512

    /// `firstPosition` is the list position of the first row, for tables without `id`.
    public static func rows(_ data: Data, firstPosition: Int = 0) throws(RowReaderFailure) -> [Row] {
        let list: JSONSpan
        do {
            list = try JSONNode.parse(data)
        } catch {
            throw RowReaderFailure(error.description)
        }
        guard let elements = list.node.elements else { throw RowReaderFailure("not an array of rows") }
        var rows: [Row] = []
        rows.reserveCapacity(elements.count)
        for (offset, element) in elements.enumerated() {
            guard let fields = element.node.fields else { throw RowReaderFailure("row \(offset + 1) is not an object") }
            guard fields.count <= maxColumns else { throw RowReaderFailure("more than \(maxColumns) columns in row \(offset + 1)") }
            let columns = fields.map { (name: $0.key, value: JSONItems.value($0.value)) }
            let position = firstPosition + offset
            let id = columns.first { $0.name == "id" }.map { $0.value.description } ?? "#\(position)"
            rows.append(Row(id: id, columns: columns, json: element.text, position: position))
        }
        return rows
    }
}

/// Why a body is not an array of row objects.
public struct RowReaderFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
