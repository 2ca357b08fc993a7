import Foundation
import Testing

/// `|` in a detail pane, in the real binary in tmux: the program's answer reaches the
/// screen. (The landed build ran jq on a thread of its own and handed the answer to the
/// main dispatch queue, which the terminal loop, asleep in poll(), never ran: "running
/// jq…" stayed for ever.)
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct AJqProgramsAnswerReachesThePaneEndToEndTests {
    /// The line under the `jq PROGRAM` title in the pane: the first line of the result.
    static func resultLine(_ screen: String, program: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let title = lines.firstIndex(where: { $0.contains("jq \(program)") && !$0.contains("jq: ") }),
              title + 1 < lines.count else { return nil }
        return lines[title + 1]
    }

    @Test func pipeDotNameInRicksPaneShowsHisName() throws {
        let session = try TmuxSession(columns: 120, rows: 34)
        defer { session.close() }
        let run = PortalRun(session)
        try session.type(line: "NO_COLOR=1 " + run.commandLine)
        try session.waitFor("Rick Sanchez")
        try session.press("Enter")
        try session.waitFor("S01E01")
        try session.send(text: "|")
        // `.` runs at once: the item whole, under the title `jq .`.
        try session.waitFor("the item under `jq .`") { Self.resultLine($0, program: ".") != nil }
        try session.send(text: ".name")
        try session.press("Enter")
        let screen = try session.waitFor("Rick's name as the result of .name") { screen in
            Self.resultLine(screen, program: ".name")?.contains("Rick Sanchez") == true && !screen.contains("jq (running)")
        }
        #expect(!screen.contains("running jq…"), "\(screen)")
        #expect(screen.contains("jq: .name"), "the prompt keeps the program: \(screen)")
        // Esc closes the prompt, the pane is as it was; q twice leaves.
        try session.press("Escape")
        try session.waitFor("the pane again") { !$0.contains("jq .name") && $0.contains("S01E01") }
        try session.press("q")
        try session.waitFor("the pane to close") { !$0.contains("S01E01") }
        try session.press("q")
        #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
        try run.expectSaneTerminal()
    }
}
