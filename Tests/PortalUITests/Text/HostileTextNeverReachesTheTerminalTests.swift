import Foundation
import PortalCore
import PortalTestSupport
import PortalUI
import Testing

/// Text the views cannot trust to be short or well-formed: measured and drawn only as
/// far as it fits, and laid out the way ncurses lays it out.
@Suite("Hostile text")
struct HostileTextNeverReachesTheTerminalTests {
    /// An endless supply of `scalar` (after `first`, if given) that counts how many
    /// scalars were read from it.
    final class EndlessScalars: Sequence, IteratorProtocol {
        let scalar: Unicode.Scalar
        private var first: Unicode.Scalar?
        private(set) var read = 0
        init(_ scalar: Unicode.Scalar, after first: Unicode.Scalar? = nil) {
            self.scalar = scalar
            self.first = first
        }
        func next() -> Unicode.Scalar? {
            read += 1
            defer { first = nil }
            return first ?? scalar
        }
    }

    @Test func fittingReadsOnlyWhatFits() {
        let wide = EndlessScalars("日")
        let fitted = DisplayWidth.fit(scalars: wide, in: 11)
        #expect(fitted.text == "日日日日日" && fitted.width == 10 && fitted.cut)
        #expect(wide.read == 6, "read \(wide.read) scalars to fill 11 columns")

        // Zero-width marks forever: a cell holds the character and four marks, and no
        // more than five scalars a column are ever read.
        let marks = EndlessScalars("\u{301}", after: "e")
        let onlyMarks = DisplayWidth.fit(scalars: marks, in: 3)
        #expect(onlyMarks.cut && onlyMarks.width == 1)
        #expect(onlyMarks.text.unicodeScalars.count == 1 + DisplayWidth.marksPerCell)
        #expect(marks.read <= 3 * (DisplayWidth.marksPerCell + 1) + 1, "read \(marks.read) scalars for 3 columns")
    }

    @Test func aSevenMegabyteNameIsDrawnCut() {
        let long = String(repeating: "Ж", count: 3_500_000)  // 7 MB of UTF-8
        #expect(DisplayWidth.truncate(long, to: 8) == "ЖЖЖЖЖЖЖ…")
        #expect(DisplayWidth.pad(long, to: 4) == "ЖЖЖ…")
        let screen = TextScreen(size: Size(columns: 30, rows: 3))
        screen.draw(long, row: 0, column: 0, width: 10)
        screen.draw([Span("name: "), Span(long), Span(" tail")], row: 1, column: 0, width: 12, fill: true)
        #expect(screen.lines[0] == "ЖЖЖЖЖЖЖЖЖ…")
        #expect(screen.lines[1] == "name: ЖЖЖЖЖ…")
    }

    /// A card is built on every frame: a 60 KiB name (under the JSON reader's string
    /// limit) is sanitised only as far as a screen line could show it.
    @Test func aHugeNameIsSanitisedOnlyAsFarAsAnyLineShows() throws {
        var rick = try #require(TestData.data.characters.first)
        rick.name = String(repeating: "R\u{7}", count: 30_000)
        let name = try #require(Item.character(rick).card.lines.first?.first?.text)
        #expect(name.unicodeScalars.count == 2048 + 1 && name.hasSuffix("…") && !name.contains("\u{7}"))
        let title = Item.character(rick).detail.title
        #expect(title == name)
    }

    @Test func zalgoMarksAreCappedPerCell() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 1000) + "b"
        let cut = DisplayWidth.truncate(zalgo, to: 10)
        #expect(cut.unicodeScalars.count <= 10 * (DisplayWidth.marksPerCell + 1))
        #expect(cut.unicodeScalars.first == "a")
    }

    @Test func zwjSequencesTakeTheCellsOfTheirParts() {
        // What ncurses does with 👨‍👩‍👧: three wide cells (each joiner rides on the cell
        // before it), six columns; the text after it stays where the views put it.
        let screen = TextScreen(size: Size(columns: 12, rows: 1))
        screen.put("👨‍👩‍👧xy", row: 0, column: 0, style: .plain)
        #expect(screen.cell(row: 0, column: 6).text == "x")
        #expect(screen.cell(row: 0, column: 1).isContinuation)
        #expect(screen.cell(row: 0, column: 3).isContinuation)
        #expect(DisplayWidth.truncate("👨‍👩‍👧 Smith", to: 6) == "👨‍👩‍…")
    }

    @Test func sanitisedNamesKeepTheirColumns() {
        // The whole path a name takes: sanitised, then measured; a family shows as its
        // people and every card keeps its width.
        let name = Sanitize.line("Rick 👨‍👩‍👧 \u{202E}Sanchez\u{202C}")
        #expect(name == "Rick 👨👩👧 Sanchez")
        #expect(DisplayWidth.of(name) == 5 + 6 + 1 + 7)
    }
}

@Suite("Too small")
struct TooSmallTests {
    @Test(arguments: [
        (Size(columns: 15, rows: 4), ["too small", "need 30×8", "now 15×4"]),
        (Size(columns: 29, rows: 8), ["terminal too small", "need at least 30×8", "now 29×8"]),
        (Size(columns: 20, rows: 5), ["terminal too small", "need at least 30×8", "now 20×5"]),
        (Size(columns: 10, rows: 2), ["too small", "need 30×8"]),
        (Size(columns: 8, rows: 3), ["too sma…", "30×8", "now 8×3"]),
        (Size(columns: 40, rows: 1), ["terminal too small: need 30×8"]),
        (Size(columns: 22, rows: 1), ["too small: need 30×8"]),
        (Size(columns: 12, rows: 1), ["too small"]),
    ])
    func saysSoInWordsThatFit(size: Size, expected: [String]) {
        #expect(TooSmallView.lines(for: size) == expected)
        let screen = TextScreen(size: size)
        TooSmallView.draw(size: size, into: screen)
        #expect(Array(screen.lines.prefix(expected.count)) == expected)
        for line in screen.lines { #expect(DisplayWidth.of(line) <= size.columns) }
    }
}

/// The status line says what a server chose — a column it sorts by (`sorted NAME`), a
/// retry's note, an error — and shows its controls as U+FFFD, as every other view does
/// (`sorted im ESC[31mage` once showed as `sorted im[31mage`: the ESC silently dropped
/// by the screen, which is the last guard, not the rule).
@Suite("Hostile status line")
struct HostileStatusLineTests {
    @Test(arguments: [
        ListStatus.Phase.idle, .retrying("retrying \u{1B}]0;t\u{7}"), .failed("gone \u{9B}2J"),
    ])
    func notesAndMessagesShowTheirControls(phase: ListStatus.Phase) {
        let status = ListStatus(loaded: 3, total: 3, pages: 1, phase: phase, note: "sorted im\u{1B}[31mage")
        let text = StatusLineView.spans(status).map(\.text).joined()
        #expect(!text.unicodeScalars.contains { Sanitize.isControl($0) }, "\(text.debugDescription)")
        #expect(text.contains("sorted im\u{FFFD}[31mage"), "\(text.debugDescription)")
    }
}

/// A flood of hidden scalars (zero-width spaces, bidi marks) cannot push the rest of a
/// name out of sight: `zw:a` + 5,000 × U+200B + `b` once showed as `zw:a…`, the `b` and
/// whatever followed it hidden behind the cut of the first 2,048 scalars.
@Suite("Hidden floods")
struct HiddenFloodTests {
    @Test func theTextAfterAZeroWidthFloodIsShown() {
        let name = "zw:a" + String(repeating: "\u{200B}", count: 5000) + "b (not who you think)"
        #expect(Sanitize.line(name, limit: 2048) == "zw:ab (not who you think)")
        let screen = TextScreen(size: Size(columns: 40, rows: 1))
        screen.draw(Sanitize.line(name, limit: 2048), row: 0, column: 0, width: 40)
        #expect(screen.lines[0].hasPrefix("zw:ab (not who you think)"))
    }

    @Test func anEndlessFloodIsStillReadOnlyAsFarAsTheBound() {
        let flood = "a" + String(repeating: "\u{200B}", count: 100_000) + "b"
        #expect(Sanitize.line(flood, limit: 10) == "a…", "at most 160 scalars read for 10 shown")
    }
}
