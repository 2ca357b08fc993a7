import Foundation
import PortalCore
import PortalMirror
import Testing

/// `portal --url LIST --events URL` (issue 38, items 1 and 2) in tmux against a mirror that
/// churns 20 changes a second: the status line says `live · N new`, End shows a created
/// character at the list's end marked `new`, and when the mirror goes the status line
/// says `reconnecting…` with its wait. Waits for what it checks, never for time.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct PushedChangesAreRowsMarkedInTheOpenListEndToEndTests {
    @Test func pushedChangesAreRowsMarkedInTheOpenList() async throws {
        try await Self.followTheChurn(arguments: "--pictures off --no-cache") { origin in
            "--url '\(origin)/api/character' --events '\(origin)/api/character/events'"
        }
    }

    /// portal against a mirror churning 20 changes a second (`mirror` sets more of its
    /// options; `environment` goes before the command, e.g. `PORTAL_PASSWORD=…`), with the
    /// live feed `source` names. On the first screen, with the seventh record selected (and
    /// its name read from the detail pane): a changed and a deleted record marked, and
    /// `live · N new` on the status line, while the selection stays on that record; after
    /// End, a created character at the end marked `new`; then `following` (more checks
    /// while the list follows); `reconnecting…` once the mirror goes; exit 0 on `q`.
    static func followTheChurn(arguments: String, environment: String = "", mirror change: (inout MirrorOptions) -> Void = { _ in },
                               following: @escaping @Sendable (RunningMirror, TmuxSession) throws -> Void = { _, _ in },
                               source: @escaping @Sendable (String) -> String) async throws {
        let options = MirrorOptions.inProcess { options in
            options.dataFolder = EndToEndEnvironment.dataFolder ?? "."
            options.churn = 20
            change(&options)
        }
        let screens = try await MirrorServer.with(options) { mirror in
            let origin = mirror.origin
            return try await offThePool { () -> Screens in
                let session = try TmuxSession(columns: 120, rows: 30)
                defer { session.close() }
                let run = PortalRun(session, arguments: arguments, source: source(origin))
                try session.type(line: "NO_COLOR=1 \(environment) " + run.commandLine)
                try session.waitFor("Rick Sanchez")
                try session.press("Right", "Right", "Down")
                let selected = try selectedRecord(session)
                let marked = try session.waitFor(timeout: 60, "a changed and a deleted record marked, a created one counted") { screen in
                    let rows = screen.split(separator: "\n").dropFirst().dropLast(2)
                    return rows.contains { $0.contains(" changed") } && rows.contains { $0.contains(" deleted") }
                        && screen.contains("live · ") && screen.contains(" new")
                }
                let stillSelected = try selectedRecord(session)
                try session.press("G")
                // Created characters are named `… (new N)` by the mirror; the mark ends the card's first line.
                let end = try session.waitFor(timeout: 60, "a created character at the end, marked") { screen in
                    screen.split(separator: "\n").contains { $0.contains("(new ") && $0.hasSuffix(" new") }
                }
                try following(mirror, session)
                Task { await mirror.stop() }
                let reconnecting = try session.waitFor(timeout: 60, "the feed reconnecting") { $0.contains("reconnecting… ") }
                try session.press("q")
                return Screens(selected: [selected, stillSelected], marked: marked, end: end, reconnecting: reconnecting,
                               status: try session.waitForFile(session.file("status")))
            }
        }
        let selected = screens.selected
        #expect(selected[0].hasPrefix("7 ") && selected[0].count > 2 && selected[1] == selected[0],
                "the selection moved from \(selected[0]) to \(selected[1]):\n\(screens.marked)")
        #expect(screens.marked.contains("live · "), "\(screens.marked)")
        #expect(screens.end.contains("(new "), "\(screens.end)")
        #expect(screens.reconnecting.contains("reconnecting… "), "\(screens.reconnecting)")
        #expect(screens.status.hasPrefix("exit=0"), "\(screens.status)")
    }

    /// What followTheChurn saw: the selection before and after the changes, the screens.
    struct Screens: Sendable {
        var selected: [String]
        var marked, end, reconnecting, status: String
    }

    /// Where the selection is and on what: the status line's position (`7` of `7 / …`) and the
    /// detail pane's title (Enter opens it, Esc closes it), without a churned name's
    /// ` (edit N)`, which an update adds.
    static func selectedRecord(_ session: TmuxSession) throws -> String {
        try session.press("Enter")
        let opened = try session.waitFor(timeout: 60, "the detail pane") { $0.split(separator: "\n").dropFirst().first?.contains("│") == true }
        try session.press("Escape")
        try session.waitFor(timeout: 60, "the detail pane closed") { $0.split(separator: "\n").dropFirst().first?.contains("│") == false }
        let lines = opened.split(separator: "\n", omittingEmptySubsequences: false)
        let title = lines.dropFirst().first?.split(separator: "│").last?.trimmingCharacters(in: .whitespaces) ?? ""
        let status = lines.last { $0.range(of: #"^ *[0-9][0-9,]* / "#, options: .regularExpression) != nil } ?? ""
        let position = status.split(separator: "/").first?.trimmingCharacters(in: .whitespaces) ?? ""
        let name = title.replacingOccurrences(of: #" \(edit \d+\)$"#, with: "", options: .regularExpression)
        return position + " " + name
    }
}
