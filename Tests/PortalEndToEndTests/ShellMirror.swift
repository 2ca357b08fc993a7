import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The `portal-mirror` binary (built beside `portal`) started in the background of a tmux
/// session's shell on a free port, for browser tests. Out of process on purpose: an
/// in-process mirror answers on the test process's cooperative pool, which the
/// synchronous tmux suites running beside it can hold for seconds.
struct ShellMirror {
    /// `http://127.0.0.1:PORT`.
    let origin: String
    let pid: pid_t

    static var binary: String? {
        guard let portal = EndToEndEnvironment.portal else { return nil }
        let path = URL(fileURLWithPath: portal).deletingLastPathComponent().appendingPathComponent("portal-mirror").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// `extra` is more flags for the mirror, shell-quoted (e.g. `--auth-user 'a@b:pw'`);
    /// with a `--log FILE` among them the request log goes there instead of nowhere.
    init(in session: TmuxSession, data: String, requireKey: String? = nil, extra: String = "") throws {
        guard let binary = Self.binary else { throw SessionError("no portal-mirror beside portal") }
        let out = session.file("mirror.out")
        let key = requireKey.map { " --require-key '\($0)'" } ?? ""
        let quiet = extra.contains("--log ") ? "" : " --quiet"
        try session.type(line: "'\(binary)' --data '\(data)' --host 127.0.0.1 --port 0\(quiet)\(key) \(extra) > '\(out)' 2>&1 & echo $! > '\(session.file("mirror.pid"))'")
        let first = try session.waitForFile(out).split(separator: "\n").first.map(String.init) ?? ""
        guard first.hasPrefix("listening on ") else { throw SessionError("mirror said: \(first)") }
        origin = String(first.dropFirst("listening on ".count))
        let pidText = try session.waitForFile(session.file("mirror.pid")).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(pidText) else { throw SessionError("no mirror pid: \(pidText)") }
        self.pid = pid
        try session.type(line: "clear")
    }

    /// Stops the mirror this test started (by its pid).
    func stop() { kill(pid, SIGTERM) }
}
