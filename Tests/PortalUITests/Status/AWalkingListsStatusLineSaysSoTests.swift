import PortalCore
import PortalUI
import Testing

/// The status line of a list that walks (`next` links only) says where the selection is,
/// as a page-addressed list's does: Home back at the top says `1 / 826 · page 1`, not the
/// count of what has arrived (which read as the old position).
@MainActor
@Suite("Status line of a list that walks")
struct AWalkingListsStatusLineSaysSoTests {
    /// The status line, the screen's second row from the bottom.
    func statusLine(_ h: Harness) -> String {
        let lines = h.screen().lines
        return lines[lines.count - 2].trimmingCharacters(in: .whitespaces)
    }

    @Test func homeOnAWalkedListSaysTheTopAgain() async {
        let h = Harness(size: Size(columns: 100, rows: 30), sequential: true)
        await h.runner.drain(into: h.controller)
        for _ in 0..<6 {
            h.press(.pageDown)
            await h.runner.drain(into: h.controller)
        }
        let selected = (h.controller.grid.selection ?? 0) + 1
        #expect(h.controller.list.count > 60 && !h.controller.list.isAddressable)
        #expect(statusLine(h).hasPrefix("\(selected) / 826 · page \((selected - 1) / 20 + 1)"), "\(statusLine(h))")
        h.press(.home)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.grid.selection == 0)
        #expect(statusLine(h).hasPrefix("1 / 826 · page 1"), "\(statusLine(h))")
    }
}
