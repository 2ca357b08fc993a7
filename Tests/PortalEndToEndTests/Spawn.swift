import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion with posix_spawn + wait4 (status and peak memory), stdout and stderr into files.
///
/// Not Foundation's `Process`: its `waitUntilExit` waits for a SIGCHLD-driven
/// notification, which was seen to hang under the parallel test runner (the tmux client
/// had exited, a zombie nobody reaped). `waitpid` on the one pid cannot miss it. The
/// child also starts with an empty signal mask and default handlers, so a blocked
/// SIGTERM in the test process does not leak into tmux or portal.
enum Spawn {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The child's peak resident memory (`ru_maxrss`), in KiB.
        var peakMemoryKiB: Int = 0
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String], scratch: URL) throws -> Result {
        let token = UInt32.random(in: 0...UInt32.max)
        let outPath = scratch.appendingPathComponent("spawn-\(token).out").path
        let errPath = scratch.appendingPathComponent("spawn-\(token).err").path
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw SessionError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw SessionError("waitpid failed for \(executable)") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import (macros).
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(
            status: exitStatus,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            peakMemoryKiB: usage.ru_maxrss
        )
    }
}
