import Foundation
import PortalCore
import PortalMirror
import Testing

/// A newest-first live list in tmux (issue 38, item 1): `portal --url
/// '…/rest/v1/characters?order=id.desc&limit=20' --events …/api/character/events` against a
/// mirror churning 20 changes a second. Created characters show at the top of the table,
/// marked `new`; the selection stays on its record — at the very top one row down with each
/// row put above it, scrolled down on the same screen row with the screen not moving. Waits
/// for what it checks, never for time.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct ACreatedRowShowsAtTheTopOfANewestFirstListEndToEndTests {
    struct Seen: Sendable {
        var first, moved, held, still: Selected
        var top, before, after: String
    }

    @Test func aCreatedRowShowsAtTheTopOfANewestFirstList() async throws {
        let seen = try await Self.churning { origin in
            let session = try TmuxSession(columns: 120, rows: 30)
            defer { session.close() }
            let run = PortalRun(session, arguments: "--pictures off --no-cache",
                                source: "--url '\(origin)/rest/v1/characters?order=id.desc&limit=20' --events '\(origin)/api/character/events'")
            try session.type(line: "NO_COLOR=1 " + run.commandLine)
            try session.waitFor(" · live")
            try session.press("t")
            try session.waitFor(timeout: 60, "the table") { $0.contains(" id ") && $0.contains(" name ") }
            let first = try Self.selected(session)
            let counted = Self.newCount(try session.capture())
            // At the top: created rows come in above the selection (two at least since it was
            // seen), the first row marked at its end.
            let top = try session.waitFor(timeout: 60, "a created row at the top, marked") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count > 2 && lines[2].contains("(new ") && lines[2].hasSuffix(" new") && Self.newCount(screen) > counted + 1
            }
            let moved = try Self.selected(session)
            // Scrolled down: the selection keeps its record and its screen row as rows come in above.
            let atTop = Self.position(try session.waitFor(timeout: 60, "three pages") { Self.loaded($0) >= 60 })
            try session.press("PageDown")
            let before = try session.waitFor(timeout: 60, "the next screen") { screen in
                Self.position(screen) > atTop + 20 && !screen.contains("·····") && !screen.contains("loading")
            }
            let held = try Self.selected(session)
            let count = Self.newCount(before)
            let after = try session.waitFor(timeout: 60, "more rows created") { Self.newCount($0) > count + 1 }
            let still = try Self.selected(session)
            try session.press("q")
            _ = try session.waitForFile(session.file("status"))
            return Seen(first: first, moved: moved, held: held, still: still, top: top, before: before, after: after)
        }
        #expect(seen.moved.id == seen.first.id && seen.moved.row > seen.first.row,
                "at the top the selection goes down with its record: \(seen.first) → \(seen.moved)\n\(seen.top)")
        #expect(seen.held.row > 2, "scrolled down\n\(seen.before)")
        #expect(seen.still == seen.held, "\(seen.held) → \(seen.still)\n\(seen.before)\n\(seen.after)")
        let firstRow = { (screen: String) in Self.id(of: screen.split(separator: "\n", omittingEmptySubsequences: false)[2]) }
        #expect(firstRow(seen.before) == firstRow(seen.after), "the screen did not move\n\(seen.before)\n\(seen.after)")
    }

    /// Runs `work` (given the mirror's origin) off the cooperative pool against an
    /// in-process mirror churning 20 changes a second, stopped afterwards whatever happened.
    static func churning<T: Sendable>(_ work: @escaping @Sendable (String) throws -> T) async throws -> T {
        try await MirrorServer.with(.inProcess { options in
            options.dataFolder = EndToEndEnvironment.dataFolder ?? "."
            options.churn = 20
        }) { mirror in
            let origin = mirror.origin
            return try await offThePool { try work(origin) }
        }
    }

    /// The table row the selection is on: its screen row and its record's id (the first column).
    struct Selected: Sendable, Equatable, CustomStringConvertible {
        var row: Int
        var id: String
        var description: String { "row \(row): id \(id)" }
    }

    /// The selected table row, drawn in reverse video (`capture-pane -e`).
    static func selected(_ session: TmuxSession) throws -> Selected {
        let lines = try session.tmux(["capture-pane", "-p", "-e", "-t", "e2e"]).split(separator: "\n", omittingEmptySubsequences: false)
        // A line may open with the resets of the line before; the selected row's own text
        // opens with reverse video after the table's margin.
        let plain = lines.map { $0.replacingOccurrences(of: #"^(\x1b\[[0-9;]*m)*"#, with: "", options: .regularExpression) }
        guard let row = plain.indices.first(where: { $0 > 1 && plain[$0].hasPrefix(" \u{1b}[7m") }) else {
            throw SessionError("no selected row on screen:\n\(lines.joined(separator: "\n"))")
        }
        return Selected(row: row, id: id(of: plain[row].replacingOccurrences(of: "\u{1b}[7m", with: "")))
    }

    /// A table row's first cell.
    static func id(of line: some StringProtocol) -> String {
        String(line.split(separator: " ").first ?? "")
    }

    /// `N` of `N / M+`, the selection's place on the status line (0 when it says none).
    static func position(_ screen: String) -> Int { number(#"\d+ / \d+"#, in: screen, at: 0) }

    /// `M` of `N / M+`, the rows loaded so far (0 when it says none).
    static func loaded(_ screen: String) -> Int { number(#"\d+ / \d+"#, in: screen, at: 2) }

    /// The `at`-th word of what `pattern` matches in `screen`, as a number (0 when none).
    static func number(_ pattern: String, in screen: String, at word: Int) -> Int {
        guard let range = screen.range(of: pattern, options: .regularExpression) else { return 0 }
        let words = screen[range].split(separator: " ")
        return words.indices.contains(word) ? Int(words[word]) ?? 0 : 0
    }

    /// `N` of `live · N new` on the status line (0 when it says none).
    static func newCount(_ screen: String) -> Int {
        number(#"live · \d+ new"#, in: screen, at: 2)
    }
}
