import Foundation

/// Turns a `SecretReference` into its value at the moment a request needs it: the
/// environment, a file (trailing newline trimmed) or a command's standard output (trimmed).
/// Errors name the config key and what failed, never what the command printed.
public struct SecretResolver: Sendable {
    public var environment: [String: String]
    /// How long a `command:` may run before it is stopped and the key reported.
    public var commandTimeout: Duration

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, commandTimeout: Duration = .seconds(10)) {
        self.environment = environment
        self.commandTimeout = commandTimeout
    }

    /// The secret's value; `key` (e.g. `apis.gh.auth.bearer`) names it in errors.
    public func resolve(_ reference: SecretReference, key: String) throws(SecretReferenceError) -> String {
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
            return try run(argv, key: key)
        }
    }

    private func run(_ argv: [String], key: String) throws(SecretReferenceError) -> String {
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
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw SecretReferenceError("\(key): cannot run \(name)")
        }
        // Read while it runs, so a chatty command cannot fill the pipe and hang.
        let reader = OutputReader(handle: output.fileHandleForReading)
        let seconds = Double(commandTimeout.components.seconds) + Double(commandTimeout.components.attoseconds) / 1e18
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            // SIGKILL, not terminate()'s SIGTERM: a parent that ignores SIGTERM (a test
            // runner, a wrapper) passes the ignoring on through exec.
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            throw SecretReferenceError("\(key): \(name) did not finish within \(commandTimeout)")
        }
        let data = reader.wait()
        guard process.terminationStatus == 0, process.terminationReason == .exit else {
            throw SecretReferenceError("\(key): \(name) failed (exit status \(process.terminationStatus))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SecretReferenceError("\(key): \(name) printed something that is not UTF-8")
        }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { throw SecretReferenceError("\(key): \(name) printed nothing") }
        return value
    }
}

/// Reads a pipe to its end on a thread of its own. The data is handed over once, through
/// the semaphore: written before `signal`, read after `wait`.
private final class OutputReader: @unchecked Sendable {
    // @unchecked: `data` is written by the reading thread only before `done.signal()` and
    // read only after `done.wait()`, which orders the two accesses.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
