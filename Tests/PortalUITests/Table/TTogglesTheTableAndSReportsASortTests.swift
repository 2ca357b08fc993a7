@testable import PortalUI
import Testing

/// The table's own update: `t` toggles it, ←/→ move its column only while it is shown
/// (else they are the grid's), `s`/`S` report a sort for the root to ask the server.
struct TTogglesTheTableAndSReportsASortTests {
    static func table() -> TableState {
        var table = TableState()
        table.adopt([TableColumn("id"), TableColumn("name")])
        return table
    }

    @Test func tTogglesTheTable() {
        var table = Self.table()
        #expect(table.update(.toggleTable) == .toggled && table.isShown)
        #expect(table.update(.toggleTable) == .toggled && !table.isShown)
    }

    @Test func arrowsMoveTheColumnOnlyWhileShown() {
        var table = Self.table()
        #expect(table.update(.moveRight) == .ignored && table.selectedColumn == 0)
        _ = table.update(.toggleTable)
        #expect(table.update(.moveRight) == .changed && table.selected?.key == "name")
        #expect(table.update(.moveLeft) == .changed && table.selected?.key == "id")
    }

    @Test func sAndShiftSReportASort() {
        var table = Self.table()
        #expect(table.update(.sortByColumn) == .sort(reversing: false))
        #expect(table.update(.sortReverse) == .sort(reversing: true))
        #expect(table.update(.moveDown) == .ignored)
    }
}
