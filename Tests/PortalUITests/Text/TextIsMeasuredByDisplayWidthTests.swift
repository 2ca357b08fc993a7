import Foundation
import PortalCore
import PortalDemoModels
import PortalTestSupport
@testable import PortalUI
import Testing

@Suite("Display width and the in-memory screen")
struct TextIsMeasuredByDisplayWidthTests {
    @Test func widths() {
        #expect(DisplayWidth.of("Rick") == 4)
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("e\u{301}") == 1)  // e + combining acute
        #expect(DisplayWidth.of("🚀") == 2)
        // As ncurses draws them: the sum of each scalar's wcwidth, no clustering.
        #expect(DisplayWidth.of("👍🏽") == 4, "emoji 2 + skin-tone modifier 2")
        #expect(DisplayWidth.of("❤️") == 1, "U+2764 1 + VS16 0")
        #expect(DisplayWidth.of("👨‍👩‍👧") == 6, "three people 2 each, the joiners 0")
        #expect(DisplayWidth.of(Swift.Character("👨‍👩‍👧")) == 6)
        #expect(DisplayWidth.of("a\u{1B}b") == 2)  // controls take nothing
        #expect(DisplayWidth.of("Ｒｉｃｋ") == 8)
    }

    @Test func truncationByDisplayWidth() {
        #expect(DisplayWidth.truncate("Rick Sanchez", to: 20) == "Rick Sanchez")
        // A cut never leaves the space before it: "Rick…", not "Rick …".
        #expect(DisplayWidth.truncate("Rick Sanchez", to: 6) == "Rick…")
        #expect(DisplayWidth.truncate("Memory Geardude Lord", to: 17) == "Memory Geardude…")
        #expect(DisplayWidth.truncate("日本語テキスト", to: 6) == "日本…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("日本語テキスト", to: 6)) == 5)
        #expect(DisplayWidth.pad("日本", to: 6) == "日本  ")
        #expect(DisplayWidth.truncate("abc", to: 0) == "")
    }

    @Test func aSpanCutAtTheEdgeLeavesNoSpaceBeforeItsEllipsis() {
        let screen = TextScreen(size: Size(columns: 17, rows: 1))
        screen.draw([Span("Memory Geardude Lord")], row: 0, column: 0, width: 17)
        #expect(screen.lines[0] == "Memory Geardude…")
        // A pane's related line: the name, then its date cut away — the space goes with the date.
        let pane = TextScreen(size: Size(columns: 19, rows: 1))
        let episode = Episode(id: 10, name: "Close Rick", airDate: "April 7, 2014", code: "S01E10", characterIDs: [], created: Date())
        pane.draw(TestData.record(episode, .episode).relatedLine, row: 0, column: 0, width: 19)
        #expect(pane.lines[0] == "S01E10 Close Rick…")
    }

    @Test func textScreenWideCells() {
        let screen = TextScreen(size: Size(columns: 10, rows: 2))
        screen.put("日本x", row: 0, column: 0, style: .plain)
        #expect(screen.lines[0] == "日本x")
        #expect(screen.cell(row: 0, column: 1).isContinuation)
        // Overwriting half a wide char blanks the other half.
        screen.put("a", row: 0, column: 1, style: .plain)
        #expect(screen.lines[0] == " a本x")
        // A wide char that does not fit at the edge is not drawn.
        screen.put("abcdefghi日", row: 1, column: 0, style: .plain)
        #expect(screen.lines[1] == "abcdefghi")
        screen.put("e\u{301}", row: 1, column: 0, style: Style(bold: true))
        #expect(screen.lines[1].hasPrefix("e\u{301}b"))
        #expect(screen.style(row: 1, column: 0).bold)
    }

    @Test func unicodeNamesLineUp() {
        // A card with a wide name keeps the next card's column.
        let wide = PortalDemoModels.Character(id: 1, name: "日本語の名前がとても長いキャラクター", status: .alive, species: "Human", type: "",
                                        gender: CharacterGender(rawValue: "Male"), origin: PlaceLink(name: "Earth", locationID: nil),
                                        location: PlaceLink(name: "Earth", locationID: nil), episodeIDs: [], created: Date(timeIntervalSince1970: 0))
        let screen = TextScreen(size: Size(columns: 60, rows: 4))
        CardView.draw(Item.character(wide).card, selected: false, top: 0, left: 0, width: 28, maxRows: 3, into: screen)
        CardView.draw(Item.character(wide).card, selected: true, top: 0, left: 30, width: 28, maxRows: 3, into: screen)
        let line = screen.lines[0]
        #expect(DisplayWidth.of(line) <= 58)
        #expect(screen.find("日本語")?.column == 30 || screen.lines[0].contains("…"))
        #expect(screen.cell(row: 0, column: 30).text == "日")
    }

    @Test func networkControlsNeverDrawn() {
        let evil = PortalDemoModels.Character(id: 1, name: "Evil\u{1B}[2JName", status: CharacterStatus(rawValue: "\u{9B}31m"), species: "X", type: "",
                                        gender: CharacterGender(rawValue: "Male"), origin: PlaceLink(name: "", locationID: nil),
                                        location: PlaceLink(name: "", locationID: nil), episodeIDs: [], created: Date(timeIntervalSince1970: 0))
        let screen = TextScreen(size: Size(columns: 40, rows: 4))
        CardView.draw(Item.character(evil).card, selected: false, top: 0, left: 0, width: 40, maxRows: 3, into: screen)
        #expect(!screen.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
        #expect(screen.lines[0] == "Evil\u{FFFD}[2JName")
    }

    @Test func createdDate() {
        #expect(DateText.short(APIDate.parse("2017-11-04T18:48:46.250Z")!) == "4 Nov 2017")
    }

    @Test func commandTableHasNoClashes() {
        for context in CommandContext.allCases where context != .both {
            var seen: [KeyInput: Command] = [:]
            for binding in CommandTable.bindings(in: context) {
                for key in binding.keys {
                    #expect(seen[key] == nil, "\(key) bound twice in \(context)")
                    seen[key] = binding.command
                }
            }
        }
        #expect(CommandTable.command(for: .character("j"), in: .grid) == .moveDown)
        #expect(CommandTable.command(for: .character("j"), in: .detail) == .linkDown)
        #expect(CommandTable.command(for: .character("2"), in: .grid) == .tab2)
        #expect(CommandTable.command(for: .character("2"), in: .search) == .typeText, "a digit types in the prompt")
        #expect(CommandTable.command(for: .character("2"), in: .goTo) == .typeText, "a digit types in the go-to prompt")
        #expect(CommandTable.command(for: .character("q"), in: .filters) == .typeText, "q types in the form")
        #expect(CommandTable.command(for: .character("q"), in: .grid) == .quit)
        #expect(CommandTable.command(for: .character("x"), in: .grid) == nil, "no text is typed in the grid")
        #expect(CommandTable.command(for: .control("z"), in: .search) == .suspend)
        #expect(CommandTable.command(for: .character("c"), in: .anywhere) == nil)
        #expect(CommandTable.command(for: .control("c"), in: .help) == .forceQuit)
        #expect(CommandTable.hints(for: .grid).contains("/ search"))
    }
}
