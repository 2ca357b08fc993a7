import Foundation
import PortalCore
import PortalTestSupport
import PortalUI
import Testing
import PortalPaging
import PortalREST

/// The detail of an item of any API: a tree folded past a depth that `→ l` / `← h` /
/// Enter unfold and fold, values coloured by type, long strings wrapped — all drawn from
/// the one answer of the list (no request past the first).
@MainActor
@Suite("Any API: the item's tree folds, unfolds and wraps")
struct TheItemsTreeFoldsUnfoldsAndWrapsTests {
    static let url = "http://api.test:8000/v1/people"
    static let note = "She wrote the first program for the Analytical Engine, long before any machine could run it, and saw that such an engine might compose music."

    static func body(note: String = note) throws -> String {
        let escaped = String(decoding: try JSONSerialization.data(withJSONObject: note, options: .fragmentsAllowed), as: UTF8.self)
        return #"{"count":1,"next":null,"results":[{"id":7,"name":"Ada","age":36,"admin":true,"nick":null,"note":"# + escaped
            + #","team":{"name":"core","lead":{"login":"babbage","address":{"city":"London"}},"size":3},"#
            + #""tags":["a","b","c","d","e","f","g","h","i","j","k","l"],"home":"http://api.test:8000/v1/people/7"}]}"#
    }

    func opened(_ size: Size = Size(columns: 100, rows: 40), note: String = note) async throws -> Harness {
        let text = try Self.body(note: note)
        let response = HTTPResponse.json(200, text)
        let url = try #require(URL(string: Self.url))
        let reading = try DialectDetector.detect(response, for: url)
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: reading))
        let h = Harness(size: size, inner: FixedTransport(answers: [Self.url: response]), source: source)
        await h.runner.drain(into: h.controller)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.pane?.item != nil)
        return h
    }

    /// The pane line holding `needle`, trimmed.
    func line(_ h: Harness, _ needle: String) -> String? {
        h.screen().lines.first { $0.contains(needle) }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Moves the highlight (↓) until it is on the row whose label is `label`.
    func highlight(_ h: Harness, _ label: String) throws {
        let pane = try #require(h.controller.pane)
        for _ in 0..<40 {
            if let line = pane.highlightedLine, pane.lines[line].spans.first?.text.trimmingCharacters(in: .whitespaces) == label { return }
            h.press(.down)
        }
        Issue.record("no stop labelled \(label)")
    }

    @Test func opensTwoLevelsAndCutsArraysAfterFive() async throws {
        let h = try await opened()
        let text = h.screen().text
        #expect(line(h, "team")?.hasSuffix("▾ {3}") == true)
        #expect(line(h, "lead")?.hasSuffix("▾ {2}") == true)
        // Three levels down: folded, its size shown.
        #expect(line(h, "address")?.hasSuffix("▸ {1}") == true)
        #expect(!text.contains("London"))
        #expect(line(h, "tags")?.hasSuffix("▾ [12]") == true)
        #expect(text.contains("e") && line(h, "7 more") != nil)
        #expect(h.transport.count == 1)
    }

    @Test func valuesKeepTheirTypeColours() async throws {
        let h = try await opened()
        let screen = h.screen()
        // In the pane (right of its rule), not on the card beside it.
        func style(of needle: String) throws -> Style {
            for (row, line) in screen.lines.enumerated() {
                let characters = Array(line)
                guard let rule = characters.firstIndex(of: "│") else { continue }
                let pane = String(characters[(rule + 1)...])
                guard let range = pane.range(of: needle) else { continue }
                return screen.style(row: row, column: rule + 1 + pane.distance(from: pane.startIndex, to: range.lowerBound))
            }
            throw TestFailure("\(needle) not in the pane")
        }
        #expect(try style(of: "36").foreground == .yellow)
        #expect(try style(of: "true").foreground == .magenta)
        #expect(try style(of: "null").dim)
        #expect(try style(of: "babbage").foreground == .green)
        #expect(try style(of: "▾ {3}").foreground == .cyan)
        // A same-origin URL is a link: cyan, underlined.
        let link = try style(of: "http://api.test:8000/v1/")
        #expect(link.underline && link.foreground == .cyan)
    }

    @Test func foldAndUnfoldTheHighlightedNodeWithNoRequest() async throws {
        let h = try await opened()
        try highlight(h, "team")
        h.press(.left)  // ← folds it
        #expect(line(h, "team")?.hasSuffix("▸ {3}") == true)
        #expect(line(h, "babbage") == nil && line(h, "size") == nil)
        h.press(.character("l"))  // l unfolds it again, highlight still on it
        #expect(line(h, "team")?.hasSuffix("▾ {3}") == true)
        #expect(line(h, "babbage") != nil)
        // Down to the folded address, unfold it: three levels deep now.
        try highlight(h, "address")
        h.press(.right)
        #expect(line(h, "London") != nil)
        #expect(line(h, "address")?.hasSuffix("▾ {1}") == true)
        // h on an open node folds it; on a folded one, the node it is in.
        h.press(.character("h"))
        #expect(line(h, "London") == nil)
        h.press(.character("h"))
        #expect(line(h, "lead")?.hasSuffix("▸ {2}") == true)
        #expect(line(h, "babbage") == nil)
        // Enter on a node toggles it (no pane is pushed).
        h.press(.enter)
        #expect(line(h, "babbage") != nil)
        #expect(h.controller.tab.panes.count == 1)
        #expect(h.transport.count == 1)
    }

    @Test func unfoldingACutArrayShowsEveryElement() async throws {
        let h = try await opened()
        try highlight(h, "…")
        h.press(.right)
        #expect(line(h, "more") == nil)
        let tags = h.screen().lines.filter { $0.range(of: #"│\s+\d+\s+[a-l]\s*$"#, options: .regularExpression) != nil }
        #expect(tags.count == 12, "\(h.screen().text)")
        #expect(line(h, "tags")?.hasSuffix("▾ [12]") == true)
        // Folded again from the array's own row.
        try highlight(h, "tags")
        h.press(.left)
        #expect(line(h, "tags")?.hasSuffix("▸ [12]") == true)
        #expect(h.transport.count == 1)
    }

    @Test func longStringsWrapAtThePaneWidthAndStaySanitised() async throws {
        let hostile = Self.note + " \u{1B}[31mred\u{1B}[0m \u{07}end"
        let h = try await opened(Size(columns: 60, rows: 40), note: hostile)
        let screen = h.screen()
        let lines = screen.lines
        let first = try #require(lines.firstIndex { $0.contains("She wrote") })
        // Every word of the note is on screen, over several lines under the value column.
        let column = try #require(lines[first].range(of: "She wrote")).lowerBound.utf16Offset(in: lines[first])
        var shown: [String] = []
        var row = first
        while row < lines.count, row == first || lines[row].prefix(column).allSatisfy({ $0 == " " }) {
            let rest = lines[row].dropFirst(column).trimmingCharacters(in: .whitespaces)
            if rest.isEmpty || row > first + 20 { break }
            shown.append(rest)
            row += 1
        }
        #expect(shown.count >= 3, "\(screen.text)")
        #expect(shown.joined(separator: " ").contains("might compose music."))
        #expect(shown.joined(separator: " ").hasSuffix("end"))
        #expect(!screen.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        // The rows below still follow: the tree did not lose the next field.
        #expect(line(h, "team") != nil)
        #expect(h.transport.count == 1)
    }
}
