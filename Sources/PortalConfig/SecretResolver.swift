import Foundation
import Synchronization

/// Turns a `SecretReference` into its value at the moment a request needs it: the
/// environment, a file (trailing newline trimmed) or a command's standard output (trimmed).
/// Errors name the config key and what failed, never what the command printed.
///
/// Async all the way: a `command:` runs as a child process whose end and output arrive by
/// handlers (`CommandRun`), so no thread is parked while `pass` asks for a passphrase.
public struct SecretResolver: Sendable {
    public var environment: [String: String]
    /// How long a `command:` may run before it is stopped and the key reported.
    public var commandTimeout: Duration
    /// The most of a `command:`'s output read (64 KiB): a command printing more, or
    /// without end (`yes`), is stopped there and the key reported.
    public static let outputCap = 64 * 1024

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, commandTimeout: Duration = .seconds(10)) {
        self.environment = environment
        self.commandTimeout = commandTimeout
    }

    /// The secret's value; `key` (e.g. `apis.gh.auth.bearer`) names it in errors.
    public func resolve(_ reference: SecretReference, key: String) async throws(SecretReferenceError) -> String {
        switch reference {
        case .literal(let value):
            return value
        case .environment(let name):
            guard let value = environment[name], !value.isEmpty else {
                throw SecretReferenceError("\(key): the environment variable \(name) is not set")
            }
            return value
        case .file(let path):
            let expanded = (path as NSString).expandingTildeInPath
            guard let data = FileManager.default.contents(atPath: expanded), let text = String(data: data, encoding: .utf8) else {
                throw SecretReferenceError("\(key): cannot read the file \(path)")
            }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        case .command(let argv):
            return try await run(argv, key: key)
        }
    }

    private func run(_ argv: [String], key: String) async throws(SecretReferenceError) -> String {
        guard let name = argv.first else { throw SecretReferenceError("\(key): command: needs a command") }
        let process = Process()
        if name.contains("/") {
            process.executableURL = URL(fileURLWithPath: name)
            process.arguments = Array(argv.dropFirst())
        } else {
            // Found on PATH by env(1)'s execvp: still no shell between the words.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["--"] + argv
        }
        process.environment = environment
        let outcome = await CommandRun.outcome(of: process, timeout: commandTimeout, cap: Self.outputCap)
        switch outcome {
        case .notStarted:
            throw SecretReferenceError("\(key): cannot run \(name)")
        case .overflowed:
            throw SecretReferenceError("\(key): \(name) printed more than \(Self.outputCap / 1024) KiB (a secret is one line); it was stopped")
        case .timedOut:
            throw SecretReferenceError("\(key): \(name) did not finish within \(commandTimeout)")
        case .finished(let status, let exited, let data):
            guard status == 0, exited else {
                throw SecretReferenceError("\(key): \(name) failed (exit status \(status))")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw SecretReferenceError("\(key): \(name) printed something that is not UTF-8")
            }
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !value.isEmpty else { throw SecretReferenceError("\(key): \(name) printed nothing") }
            return value
        }
    }
}

/// One run of a child process, awaited without parking a pool thread: its output is read to
/// its end (or up to a cap, when the process is killed) by a thread of its own, its end
/// arrives by `terminationHandler`, and a timer task kills it (SIGKILL: a parent that
/// ignores SIGTERM passes the ignoring on through exec) when it runs too long. The
/// continuation is resumed once, when the process has ended and its output is closed — or
/// when the time is up (a grandchild holding the pipe open cannot keep it waiting).
final class CommandRun: Sendable {
    enum Outcome: Sendable {
        case notStarted
        case timedOut
        /// It printed more than the cap: it was killed, its output dropped.
        case overflowed
        case finished(status: Int32, exited: Bool, output: Data)
    }

    private struct State {
        var output = Data()
        var ended: (status: Int32, exited: Bool)?
        var closed = false
        var timedOut = false
        var overflowed = false
        var continuation: CheckedContinuation<Outcome, Never>?
    }

    private let state = Mutex(State())
    /// The timer, cancelled once the run is over.
    private let timer = Mutex<Task<Void, Never>?>(nil)

    static func outcome(of process: Process, timeout: Duration, cap: Int) async -> Outcome {
        let run = CommandRun()
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        return await withCheckedContinuation { continuation in
            run.state.withLock { $0.continuation = continuation }
            process.terminationHandler = { ended in
                let status = (ended.terminationStatus, ended.terminationReason == .exit)
                run.update { $0.ended = status }
            }
            do {
                try process.run()
            } catch {
                run.finish(.notStarted)
                return
            }
            // Read on a thread of its own (never one of the pool's), so a chatty command
            // cannot fill the pipe and hang; past `cap` bytes it is killed and not read on.
            let output = pipe.fileHandleForReading
            let pid = process.processIdentifier
            Thread.detachNewThread {
                var data = Data()
                var overflowed = false
                while true {
                    let chunk = output.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                    if data.count > cap {
                        overflowed = true
                        // Not once it has ended (and been reaped): its pid may be another's.
                        if run.state.withLock({ $0.ended == nil }) { kill(pid, SIGKILL) }
                        break
                    }
                }
                try? output.close()
                run.update { state in
                    state.output = overflowed ? Data() : data
                    state.overflowed = overflowed
                    state.closed = true
                }
            }
            let timer = Task {
                try? await Task.sleep(for: timeout)
                let running = run.state.withLock { state -> Bool in
                    guard state.continuation != nil else { return false }
                    state.timedOut = true
                    return state.ended == nil
                }
                if running { kill(pid, SIGKILL) }
                run.update { _ in }
            }
            run.timer.withLock { $0 = timer }
        }
    }

    /// Changes the state, then resumes the waiter when the run is over.
    private func update(_ change: (inout State) -> Void) {
        let resumed: (CheckedContinuation<Outcome, Never>, Outcome)? = state.withLock { state in
            change(&state)
            guard let continuation = state.continuation else { return nil }
            if state.timedOut || state.overflowed {
                state.continuation = nil
                return (continuation, state.overflowed ? .overflowed : .timedOut)
            }
            guard let ended = state.ended, state.closed else { return nil }
            state.continuation = nil
            return (continuation, .finished(status: ended.status, exited: ended.exited, output: state.output))
        }
        if let (continuation, outcome) = resumed {
            timer.withLock { $0 }?.cancel()
            continuation.resume(returning: outcome)
        }
    }

    private func finish(_ outcome: Outcome) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }
}
