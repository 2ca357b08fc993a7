import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The `portal-mirror` binary running beside the tests on a free port, for end-to-end
/// runs of `portal` over HTTP. A process of its own, not a server in the test process:
/// the tests block in `waitpid` while portal runs, and an in-process server would need
/// the very threads they block.
final class MirrorProcess {
    let pid: pid_t
    /// `http://127.0.0.1:PORT`.
    let origin: String
    private var stopped = false

    /// Starts the mirror next to the `portal` binary (with `arguments` more, e.g.
    /// `--churn 20`) and waits for its `listening on` line.
    init(data: String, scratch: URL, arguments more: [String] = []) throws {
        guard let portal = EndToEndEnvironment.portal else { throw SessionError("no portal binary") }
        let binary = URL(fileURLWithPath: portal).deletingLastPathComponent().appendingPathComponent("portal-mirror").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw SessionError("no portal-mirror next to \(portal)") }
        let output = scratch.appendingPathComponent("mirror-\(UUID().uuidString).out").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [binary, "--data", data, "--host", "127.0.0.1", "--port", "0", "--quiet"] + more
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        guard spawned == 0 else { throw SessionError("cannot start portal-mirror: \(String(cString: strerror(spawned)))") }
        self.pid = pid

        let deadline = Date().addingTimeInterval(60)
        var origin: String?
        while origin == nil && Date() < deadline {
            if let text = try? String(contentsOfFile: output, encoding: .utf8),
               let line = text.split(separator: "\n").first, line.hasPrefix("listening on ") {
                origin = String(line.dropFirst("listening on ".count))
            } else {
                usleep(20_000)
            }
        }
        guard let origin else {
            kill(pid, SIGKILL)
            waitpid(pid, nil, 0)
            throw SessionError("portal-mirror did not start within 20 s")
        }
        self.origin = origin
    }

    /// SIGTERM, then waits for it to exit.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// SIGTERM, then waits up to `deadline` seconds for it to exit: its exit status, or
    /// nil when it was still running then (it is killed with SIGKILL). Polls, holding no
    /// thread of the cooperative pool.
    func terminate(deadline seconds: Double) async -> Int32? {
        guard !stopped else { return nil }
        stopped = true
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return status }
            if reaped < 0 && errno != EINTR { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return nil
    }

    deinit { stop() }
}
