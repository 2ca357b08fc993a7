import PortalCore
import PortalJSON

/// Some rows of a table, in the table's order: what a function returns (`PostgRESTFunctions`)
/// or what row-level security lets one user see (`RowVisibility`). It is itself a table,
/// so filters, order, `select`, windows and counts apply to it as to any other.
public struct RowSubset: RowTable {
    public let base: any RowTable
    /// Positions in `base`, ascending.
    public let positions: [Int]

    public init(_ base: any RowTable, positions: [Int]) {
        self.base = base
        self.positions = positions
    }

    /// The rows of `base` for which `keep` holds.
    public init(_ base: any RowTable, where keep: (Int) -> Bool) {
        self.init(base, positions: (0..<base.count).filter(keep))
    }

    public var count: Int { positions.count }
    public var columns: [String] { base.columns }
    public func writeRow(at position: Int, into w: inout JSONWriter) { base.writeRow(at: positions[position], into: &w) }
    public func value(_ column: String, at position: Int) -> Row.Value? { base.value(column, at: positions[position]) }
}
