import Foundation
import Testing

/// One private tmux server (its own socket, no config file) with one pane running an
/// interactive `sh`, for driving the real binary the way a user does.
///
/// The pane's shell has `TERM=xterm-256color`, `LANG=C.UTF-8` and the prompt `e2e$ `, so
/// a test can see the prompt come back after portal exits. Each session also owns a
/// scratch folder for traces and status files. `close()` kills the server.
final class TmuxSession {
    static let prompt = "e2e$ "
    /// The prompt as capture-pane shows it (trailing blanks trimmed).
    static let promptOnScreen = "e2e$"

    let socket = "portal-e2e-\(UInt32.random(in: 0...UInt32.max))"
    let folder: URL
    private let tmux: String
    private var closed = false

    init(columns: Int = 100, rows: Int = 30) throws {
        guard let tmux = EndToEndEnvironment.tmux else { throw SessionError("tmux not found") }
        self.tmux = tmux
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shell = "env -u ENV TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 PS1='\(Self.prompt)' /bin/sh -i"
        try run(["new-session", "-d", "-s", "e2e", "-x", "\(columns)", "-y", "\(rows)", shell])
        try waitFor(timeout: 60, "the shell prompt") { $0.contains(Self.promptOnScreen) }
    }

    deinit { close() }

    /// Kills the server and removes the scratch folder.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// A path inside the scratch folder.
    func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Types a command line into the shell and presses Enter.
    func type(line: String) throws {
        try run(["send-keys", "-t", "e2e", "-l", line])
        try run(["send-keys", "-t", "e2e", "Enter"])
    }

    /// Sends tmux key names (`End`, `Enter`, `C-c`, `Escape`).
    func press(_ keys: String...) throws {
        try run(["send-keys", "-t", "e2e"] + keys)
    }

    /// Sends text literally, one key per character.
    func send(text: String) throws {
        try run(["send-keys", "-t", "e2e", "-l", text])
    }

    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", "e2e", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Any other tmux command on this session's server (`set-option`, `show-buffer`), its
    /// output returned.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try run(arguments)
    }

    /// The visible pane as text.
    func capture() throws -> String {
        try run(["capture-pane", "-p", "-t", "e2e"])
    }

    /// What the pane's terminal state is, in tmux's own words: `#{alternate_on}` (the
    /// alternate screen is shown), `#{mouse_any_flag}` (mouse reporting is on),
    /// `#{cursor_flag}` (the cursor is visible), each "0" or "1".
    func paneFlag(_ name: String) throws -> String {
        try run(["display-message", "-p", "-t", "e2e", "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process id of the pane's shell.
    func shellPID() throws -> Int32 {
        let text = try run(["display-message", "-p", "-t", "e2e", "#{pane_pid}"])
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw SessionError("no pane pid in '\(text)'") }
        return pid
    }

    /// Polls the pane until `predicate` holds, and returns the screen once it has settled.
    /// A wait, not a timing assertion: the timeout is generous and only bounds a failure.
    ///
    /// A capture can land while portal is still writing a frame (tmux takes the bytes in
    /// chunks): the first capture that shows a card's name may still show the last frame's
    /// status line. Callers read more of the screen than the predicate names, so the answer
    /// is the first capture that holds and that the next capture repeats. A screen that only
    /// shows the predicate for a moment (a "running…" line) is returned as it was seen.
    @discardableResult
    func waitFor(timeout: Double = 60, _ description: String = "", _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if predicate(screen) { return try settled(screen, predicate) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw SessionError("timed out after \(timeout) s waiting for \(description.isEmpty ? "the screen" : description); the pane shows:\n\(screen)")
    }

    /// Captures again until two captures in a row agree (at most `tries` more), keeping the
    /// last one that still satisfies `predicate`. A spinner or a clock can keep a screen
    /// from ever repeating; then the latest screen that held is the answer.
    private func settled(_ first: String, _ predicate: (String) -> Bool, tries: Int = 20) throws -> String {
        var last = first
        for _ in 0..<tries {
            Thread.sleep(forTimeInterval: 0.03)
            let next = try capture()
            guard predicate(next) else { return last }
            if next == last { return next }
            last = next
        }
        return last
    }

    /// Waits until `text` is on screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 60) throws -> String {
        try waitFor(timeout: timeout, "'\(text)'") { $0.contains(text) }
    }

    /// Waits until a file exists and is non-empty, and returns its contents.
    @discardableResult
    func waitForFile(_ path: String, timeout: Double = 60) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw SessionError("timed out after \(timeout) s waiting for \(path); the pane shows:\n\((try? capture()) ?? "")")
    }

    /// Runs one tmux client command and returns its stdout. Output goes through a file,
    /// not a pipe: the server that `new-session` forks inherits the client's descriptors,
    /// and a pipe it holds open would never reach end-of-file.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        return try Spawn.run(tmux, ["-L", socket, "-f", "/dev/null", "-u"] + arguments, environment: environment, scratch: folder).stdout
    }
}

/// A failure of the harness, with what the pane showed.
struct SessionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
