import Foundation
import Synchronization
import Testing

/// The real `portal` binary in a real terminal (tmux): what a user sees, how many
/// requests scrolling costs. (Every way out giving the terminal back: TheTerminalSurvivesEveryWayOutEndToEndTests.)
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct TheBrowserScrollsOneRequestAPageEndToEndTests {
    @Test func startsOnTheSnapshot() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.type(line: PortalRun(session).commandLine)
        let screen = try session.waitFor("Morty Smith")
        #expect(screen.contains("offline snapshot"))
        #expect(screen.contains("Rick Sanchez"))
        #expect(screen.contains("Summer Smith"))
        try session.press("q")
        try session.waitForFile(session.file("status"))
    }

    /// Cells drawn with libchafa's blocks (half, quadrant and sextant blocks).
    static func pictureSymbols(_ screen: String) -> Int {
        screen.unicodeScalars.filter { (0x2580...0x259F).contains($0.value) || (0x1FB00...0x1FB3B).contains($0.value) }.count
    }

    @Test func picturesInColourOnlyEachAskedForOnce() throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = PortalRun(session)
        // `swift test` runs tests with NO_COLOR=1, which the shell in tmux inherits. Inside
        // tmux `--pictures auto` draws symbols.
        try session.type(line: "unset NO_COLOR; " + run.commandLine)
        // Every card of the first screen shows its picture.
        let grid = try session.waitFor(timeout: 60, "pictures on the cards") { $0.contains("Rick Sanchez") && Self.pictureSymbols($0) > 200 }
        #expect(grid.contains("Morty Smith"))
        // p: no pictures on cards.
        try session.press("p")
        try session.waitFor(timeout: 60, "the cards without pictures") { Self.pictureSymbols($0) == 0 && $0.contains("Rick Sanchez") }
        try session.press("Enter")
        let pane = try session.waitFor(timeout: 60, "the picture in the pane") { Self.pictureSymbols($0) > 40 && $0.contains("S01E01") }
        // 100 columns: the pane is beside the grid, its picture at the right (16 × 8 cells
        // from column 83): no block left of the pane.
        for line in pane.split(separator: "\n") {
            let left = String(line.unicodeScalars.prefix(60).map(Character.init))
            #expect(Self.pictureSymbols(left) == 0, "a picture symbol left of the pane: \(line)")
        }
        try session.press("Escape")
        try session.waitFor(timeout: 60, "the detail pane to close") { Self.pictureSymbols($0) == 0 && !$0.contains("S01E01") }
        try session.press("Enter")
        try session.waitFor(timeout: 60, "the picture again") { Self.pictureSymbols($0) > 40 }
        try session.press("q")
        try session.waitFor(timeout: 60, "the detail pane to close") { !$0.contains("S01E01") }
        try session.press("q")
        #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
        try run.expectSaneTerminal()
        // Each picture was asked for once (Rick's by his card, then never again).
        let avatars = try run.traceURLs().filter { $0.contains("/character/avatar/") }
        #expect(avatars.contains("https://rickandmortyapi.com/api/character/avatar/1.jpeg"))
        #expect(Set(avatars).count == avatars.count, "\(avatars)")

        // NO_COLOR: no pictures anywhere, and no picture request at all.
        let plain = try TmuxSession()
        defer { plain.close() }
        let plainRun = PortalRun(plain)
        try plain.type(line: "NO_COLOR=1 " + plainRun.commandLine)
        try plain.waitFor("Rick Sanchez")
        try plain.press("Enter")
        let text = try plain.waitFor("S01E01")
        #expect(Self.pictureSymbols(text) == 0)
        try plain.press("Escape")
        try plain.waitFor(timeout: 60, "the detail pane to close") { !$0.contains("S01E01") }
        try plain.press("q")
        #expect(try plain.waitForFile(plain.file("status")) == "exit=0\n")
        #expect(try !plainRun.traceURLs().contains { $0.contains("/avatar/") })
    }

    @Test func scrollsToTheEndWithOneRequestPerPageThenOpensAndSearches() throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = PortalRun(session)
        try session.type(line: run.commandLine)
        try session.waitFor("Rick Sanchez")

        // End jumps to the last card, asking only for the pages it shows.
        let before = try run.settledListPages()
        try session.press("End")
        var screen = try session.waitFor("Butter Robot")
        #expect(screen.contains("826 / 826"))
        let jumped = try run.settledListPages()
        #expect(jumped.count - before.count <= 3, "End asked for \(jumped.dropFirst(before.count))")

        // Home, then a screen at a time to the end: every page asked for once, 42 in all.
        try session.press("Home")
        try session.waitFor("Rick Sanchez")
        for _ in 0..<60 {
            try session.press("PageDown")
            Thread.sleep(forTimeInterval: 0.02)
        }
        screen = try session.waitFor(timeout: 60, "the end, every page in") { $0.contains("· end") && $0.contains("Butter Robot") }
        let pages = try run.settledListPages()
        #expect(pages.count == 42, "expected 42 page requests, got \(pages.count): \(pages)")
        #expect(Set(pages) == Set(1...42), "pages requested: \(pages)")
        try session.press("End")

        // Its detail lists its one episode; Esc closes it.
        try session.press("Enter")
        try session.waitFor("S01E09")
        try session.press("Escape")
        try session.waitFor(timeout: 60, "the detail pane to close") { !$0.contains("S01E09") }

        // A search replaces the list; page through its results.
        try session.press("/")
        try session.send(text: "rick sanchez")
        try session.press("Enter")
        screen = try session.waitFor("Soulless Puppet")
        #expect(screen.components(separatedBy: "Rick Sanchez").count - 1 >= 4, "four Rick Sanchez cards expected:\n\(screen)")
        #expect(!screen.contains("Butter Robot"))
        try session.press("PageDown")
        try session.press("PageUp")
        try session.waitFor("Soulless Puppet")
        #expect(try run.traceURLs().contains { $0.contains("name=rick%20sanchez") || $0.contains("name=rick+sanchez") })

        try session.press("q")
        #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
    }

    @Test func mouseWheelScrolls() async throws {
        try await offThePool {
            let session = try TmuxSession()
            defer { session.close() }
            try session.type(line: PortalRun(session).commandLine)
            try session.waitFor("Morty Smith")
            // What xterm sends in SGR mouse mode for the wheel (button 65 down, 64 up).
            for _ in 0..<4 { try session.send(text: "\u{1B}[<65;10;10M") }
            try session.waitFor(timeout: 60, "the first row to scroll away") { !$0.contains("Morty Smith") }
            for _ in 0..<4 { try session.send(text: "\u{1B}[<64;10;10M") }
            try session.waitFor("Morty Smith")
            try session.press("q")
            #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
        }
    }

    @Test func redrawsAfterAResize() async throws {
        try await offThePool {
            let session = try TmuxSession(columns: 100, rows: 30)
            defer { session.close() }
            try session.type(line: PortalRun(session).commandLine)
            try session.waitFor("Summer Smith")
            try session.resize(columns: 40, rows: 20)
            // One card per row at 40 columns: Summer Smith moves below Rick and Morty.
            try session.waitFor(timeout: 60, "a one-column layout") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.allSatisfy { $0.count <= 40 } && !lines.contains { $0.contains("Rick Sanchez") && $0.contains("Morty Smith") }
                    && screen.contains("Rick Sanchez")
            }
            try session.resize(columns: 120, rows: 30)
            try session.waitFor(timeout: 60, "three cards on a row again") { screen in
                screen.split(separator: "\n").contains { $0.contains("Rick Sanchez") && $0.contains("Morty Smith") }
            }
            try session.press("q")
            #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
        }
    }
}

/// One run of the binary in a session's shell: the command line that runs it and then
/// records its exit status and the terminal's modes, and readers for those records.
struct PortalRun {
    let session: TmuxSession
    /// The snapshot folder this run reads (the shared one unless a test made its own).
    let data: String
    /// More arguments for the browser, e.g. `--status dead`.
    let arguments: String
    /// Where the data comes from: `--data <snapshot>` unless given (e.g. `--base-url`).
    let source: String?
    /// The idle markers `settledURLs` has already seen (shared by copies of this run).
    private let idleCursor = IdleCursor()

    init(_ session: TmuxSession, data: String? = nil, arguments: String = "", source: String? = nil) {
        self.session = session
        self.data = data ?? EndToEndEnvironment.dataFolder ?? "."
        self.arguments = arguments
        self.source = source
    }

    var commandLine: String {
        let portal = EndToEndEnvironment.portal ?? "portal"
        let from = source ?? "--data '\(data)'"
        // Over HTTP, no disk cache: these count requests, and a test never writes the
        // user's cache.
        let cache = from.contains("--base-url") && !from.contains("--cache-dir") ? " --no-cache" : ""
        return "'\(portal)' \(arguments) \(from)\(cache) --trace '\(session.file("trace.jsonl"))'; s=$?; stty -a > '\(session.file("stty"))'; echo \"exit=$s\" > '\(session.file("status"))'"
    }

    /// Every URL in the trace, in order. A missing or unreadable trace is an error, never
    /// an empty list: "at most 3 requests" must not pass because nothing was traced.
    func traceURLs() throws -> [String] {
        try traceLines().compactMap { $0["url"] as? String }
    }

    /// The trace's lines as objects: requests (`url`, `status`, …) and idle markers.
    func traceLines() throws -> [[String: Any]] {
        let path = session.file("trace.jsonl")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw SessionError("no trace at \(path): portal did not start, or --trace was not written")
        }
        return try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw SessionError("a trace line is not a JSON object: \(line)")
            }
            return object
        }
    }

    /// Every URL in the trace once portal says it is idle: the trace ends with an idle
    /// marker newer than the one the last call saw (portal writes `{"idle":true}` after
    /// each burst of events, once nothing is in flight). Call it once after each action.
    func settledURLs(timeout: TimeInterval = 60) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let lines = (try? traceLines()) ?? []
            let idles = lines.filter { $0["idle"] as? Bool == true }.count
            if idles > idleCursor.seen, lines.last?["idle"] as? Bool == true {
                idleCursor.seen = idles
                return lines.compactMap { $0["url"] as? String }
            }
            if Date() >= deadline {
                _ = try traceLines()  // a missing trace says so
                throw SessionError("portal did not settle (no new idle marker in the trace) within \(Int(timeout)) s")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The page numbers of the unfiltered character list requests, once the trace has
    /// stopped growing.
    func settledListPages() throws -> [Int] {
        try settledURLs().compactMap { url -> Int? in
            guard let components = URLComponents(string: url),
                  components.path.hasSuffix("/character") || components.path.hasSuffix("/character/") else { return nil }
            let items = components.queryItems ?? []
            if items.contains(where: { $0.name == "name" }) { return nil }
            return items.first { $0.name == "page" }.flatMap { $0.value }.flatMap { Int($0) } ?? 1
        }
    }

    /// The running portal: the pane shell's only child.
    func portalPID() throws -> Int32 {
        let shell = try session.shellPID()
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let pids = children.split(separator: " ").compactMap { Int32($0) }
        guard pids.count == 1, let pid = pids.first else { throw SessionError("expected portal as the shell's only child: \(children)") }
        return pid
    }

    /// The terminal is the shell's again: the main screen (not the alternate one),
    /// no mouse reporting, a visible cursor.
    func expectShellScreen() throws {
        #expect(try session.paneFlag("alternate_on") == "0", "still on the alternate screen")
        #expect(try session.paneFlag("mouse_any_flag") == "0", "mouse reporting still on")
        #expect(try session.paneFlag("cursor_flag") == "1", "the cursor is still hidden")
    }

    /// The modes the shell got back are the cooked ones it started with.
    func expectSaneTerminal() throws {
        let stty = try session.waitForFile(session.file("stty"))
        let flags = Set(stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        for flag in ["icanon", "echo", "isig", "icrnl", "opost", "ixon"] {
            #expect(flags.contains(flag), "\(flag) is off after portal exited:\n\(stty)")
        }
    }
}

/// How many idle markers of a run's trace a test has already waited for.
final class IdleCursor: Sendable {
    private let count = Mutex(0)
    var seen: Int {
        get { count.withLock { $0 } }
        set { count.withLock { $0 = newValue } }
    }
}
