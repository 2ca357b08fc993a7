import CJQ
import Foundation

/// A jq program, compiled once and run on one JSON value at a time, through libjq
/// (Debian's `libjq-dev`, jq 1.6).
///
/// Why it exists: `portal list --jq` and the detail pane's `|` prompt both filter and
/// reshape items as jq does, with jq's own language and jq's own messages, instead of a
/// look-alike. Outputs come back as bytes (compact JSON, or a string's raw text), never
/// printed here: the caller sanitises whatever reaches a terminal, since a program's
/// output is made of server text.
///
/// A program may be used from any task: every call into libjq (this program's state and
/// jq's process-wide allocator hooks alike) runs under one lock.
public final class JQProgram: @unchecked Sendable {
    // @unchecked Sendable: the only stored state is the C program, which is touched only
    // inside `JQLibrary.lock` (init, run, deinit), so no two threads ever use it at once.
    private let program: UnsafeMutablePointer<portal_jq>

    /// The program as given, for messages and for a UI that shows it again.
    public let text: String

    /// Compiles `text`; a program jq refuses throws `JQError.compile` with jq's messages.
    /// The program runs with `$ENV` and `env` bound to `JQEnvironment`'s environment.
    public init(compile text: String) throws {
        let (program, messages) = JQLibrary.locked { () -> (UnsafeMutablePointer<portal_jq>?, String?) in
            let environment = JQEnvironment.literal()
            if let made = Self.compiled(Self.withEnvironment(text, environment)).program { return (made, nil) }
            // The program's own messages, as jq reports them for the text given.
            let original = Self.compiled(text)
            guard let made = original.program else { return (nil, original.messages) }
            portal_jq_free(made)
            // It compiles alone but not bound: a program of only comments (the identity)
            // needs a body; anything else (a module directive) cannot be bound.
            if let made = Self.compiled(Self.withEnvironment(text + "\n.", environment)).program { return (made, nil) }
            return (nil, "jq: error: portal cannot run this program (module directives are not supported)")
        }
        guard let program else { throw JQError.compile(messages ?? "jq: error: the program does not compile") }
        self.program = program
        self.text = text
    }

    /// `text` with `$ENV` bound to `environment` (a jq object literal) and `env` to `$ENV`,
    /// on the program's first line so `$__loc__` keeps its lines.
    static func withEnvironment(_ text: String, _ environment: String) -> String {
        "\(environment) as $ENV | def env: $ENV; " + text
    }

    /// libjq's compile of `text` (called under the lock): the program, or jq's messages.
    private static func compiled(_ text: String) -> (program: UnsafeMutablePointer<portal_jq>?, messages: String) {
        var ok: Int32 = 0
        guard let made = portal_jq_compile(text, &ok) else { return (nil, "jq: error: out of memory") }
        if ok == 0 {
            let messages = JQLibrary.take(portal_jq_take_messages(made))
            portal_jq_free(made)
            return (nil, messages ?? "jq: error: the program does not compile")
        }
        // Messages at compile time that did not stop it (none in jq 1.6) are dropped.
        free(portal_jq_take_messages(made))
        return (made, "")
    }

    deinit {
        let program = self.program
        JQLibrary.locked { portal_jq_free(program) }
    }

    /// Every output of the program on `json` (one JSON text), in order: what `jq -c`
    /// prints for it, one value an output. Throws `JQError.input` when `json` is not JSON
    /// and `JQError.runtime` on an uncaught error (the outputs before it are lost; use
    /// `run(onJSON:each:)` to keep them).
    public func run(onJSON json: Data) throws -> [JQOutput] {
        var outputs: [JQOutput] = []
        try run(onJSON: json) { outputs.append($0) }
        return outputs
    }

    /// Hands each output of the program on `json` to `each` as it comes (the lock is held
    /// meanwhile: `each` must not run a jq program itself).
    public func run(onJSON json: Data, each: (JQOutput) throws -> Void) throws {
        let program = self.program
        try JQLibrary.locked {
            let started: (Int32, String?) = json.withUnsafeBytes { raw in
                var error: UnsafeMutablePointer<CChar>?
                let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
                guard let base, raw.count <= Int(Int32.max) else {
                    return (0, raw.count == 0 ? "Expected JSON value" : "input too large")
                }
                let ok = portal_jq_start(program, base, Int32(raw.count), &error)
                return (ok, JQLibrary.take(error))
            }
            if started.0 == 0 { throw JQError.input(started.1 ?? "invalid JSON") }
            while true {
                var text: UnsafeMutablePointer<CChar>?
                var length = 0
                var isString: Int32 = 0
                var exitCode: Int32 = 0
                let found = portal_jq_next(program, &text, &length, &isString, &exitCode)
                let bytes = JQLibrary.takeBytes(text, length)
                switch Int(found) {
                case Int(PORTAL_JQ_VALUE):
                    try each(isString != 0 ? .string(String(decoding: bytes, as: UTF8.self)) : .json(bytes))
                case Int(PORTAL_JQ_ERROR):
                    throw JQError.runtime(String(decoding: bytes, as: UTF8.self), exitCode: Int(exitCode))
                default:
                    return
                }
            }
        }
    }
}

/// One output of a jq program.
public enum JQOutput: Sendable, Equatable {
    /// A string, as its text (what `jq -r` prints).
    case string(String)
    /// Any other value, as compact JSON text (what `jq -c` prints).
    case json(Data)

    /// The value as compact JSON text, strings quoted and escaped as `jq -c` prints them.
    public var jsonText: String {
        switch self {
        case .json(let data): String(decoding: data, as: UTF8.self)
        case .string(let text): JQOutput.quoted(text)
        }
    }

    /// What `jq -r` prints: a string's raw text, any other value as compact JSON.
    public var rawText: String {
        if case .string(let text) = self { return text }
        return jsonText
    }

    /// `text` as a JSON string, escaped as jq escapes it (`"`, `\`, C0 controls), and DEL
    /// and the C1 controls besides, as `JSONWriter` escapes them.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// Why a jq program could not run. Each message is jq's own, as its command line
/// prints it, and may hold text from the input: sanitise it before printing.
public enum JQError: Error, Sendable, Equatable {
    /// The program does not compile (jq's command line exits 3; `portal list` exits 2).
    case compile(String)
    /// The input is not one JSON text (jq exits 2).
    case input(String)
    /// An uncaught error at run time (jq exits 5) or `halt_error` (its own status).
    case runtime(String, exitCode: Int)

    /// jq's message.
    public var message: String {
        switch self {
        case .compile(let text), .input(let text), .runtime(let text, _): text
        }
    }
}

/// The one lock around libjq, and the hand-over of its malloc'd strings.
enum JQLibrary {
    private static let lock = NSLock()

    static func locked<T>(_ work: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try work()
    }

    /// A malloc'd C string as a Swift string, freed.
    static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { free(text) }
        return String(cString: text)
    }

    /// `length` malloc'd bytes as Data, freed.
    static func takeBytes(_ text: UnsafeMutablePointer<CChar>?, _ length: Int) -> Data {
        guard let text else { return Data() }
        defer { free(text) }
        return Data(bytes: text, count: length)
    }
}
