import PortalCore
import PortalTestSupport
@testable import PortalUI
import Testing

/// A list served from an origin the user did not name (issue 35, item 7): the screen says
/// so on that tab's status line — not only stderr before the screen — cleaned like any
/// network text (the origin comes from the document).
@MainActor
@Suite("The status line says where a list is served from")
struct TheStatusLineSaysWhereAListIsServedFromTests {
    static func statusLine(_ harness: Harness) -> String {
        let screen = harness.screen()
        return screen.lines[harness.controller.layout.statusRow]
    }

    @Test func theTabServedFromAnotherOriginSaysSoAndTheOthersDoNot() async {
        let harness = Harness(size: Size(columns: 140, rows: 30))
        harness.controller.notingOrigins([1: "served from http://127.0.0.1:18119 · gets no credentials"])
        await harness.runner.drain(into: harness.controller)
        #expect(!Self.statusLine(harness).contains("served from"), "tab 1's list is on the named origin")
        harness.press(.tab)
        await harness.runner.drain(into: harness.controller)
        let line = Self.statusLine(harness)
        #expect(line.contains("served from http://127.0.0.1:18119 · gets no credentials"), "\(line)")
        harness.press(.tab)
        #expect(!Self.statusLine(harness).contains("served from"))
    }

    @Test func theNoteIsCleanedAsNetworkText() async {
        let harness = Harness(size: Size(columns: 140, rows: 30))
        harness.controller.notingOrigins([0: "served from http://h:1\u{1b}]52;c;aGk=\u{07} · gets no credentials\u{9b}2J", 7: "no such tab"])
        await harness.runner.drain(into: harness.controller)
        let screen = harness.screen().lines.joined(separator: "\n")
        #expect(screen.contains("served from http://h:1"), "\(screen)")
        #expect(!screen.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7f || (0x80...0x9f).contains($0.value) },
                "no control character reaches the screen")
    }
}
