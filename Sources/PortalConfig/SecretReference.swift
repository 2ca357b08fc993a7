/// A secret as the config file names it: where to read it (`env:NAME`, `command:…`,
/// `file:PATH`) rather than the secret itself, so the file can be shared and read by others.
/// A literal is the rest, allowed only in a file no one else can read.
public enum SecretReference: Sendable, Equatable {
    case environment(String)
    /// The command's argv, split without a shell (see `CommandLineSplitter`).
    case command([String])
    case file(String)
    case literal(String)

    /// Reads `env:…`, `command:…` and `file:…`; anything else is a literal.
    public init(parsing text: String) throws(SecretReferenceError) {
        if let name = text.dropPrefix("env:") {
            guard !name.isEmpty else { throw SecretReferenceError("env: needs a variable name") }
            self = .environment(name)
        } else if let line = text.dropPrefix("command:") {
            let argv = try CommandLineSplitter.split(line)
            guard !argv.isEmpty else { throw SecretReferenceError("command: needs a command") }
            self = .command(argv)
        } else if let path = text.dropPrefix("file:") {
            guard !path.isEmpty else { throw SecretReferenceError("file: needs a path") }
            self = .file(path)
        } else {
            self = .literal(text)
        }
    }

    /// Whether the value is written in the file itself.
    public var isLiteral: Bool {
        if case .literal = self { return true }
        return false
    }

    /// How `portal apis` shows it: where it comes from, never a value.
    public var summary: String {
        switch self {
        case .environment(let name): "env:\(name)"
        case .command(let argv): "command:\(argv.first ?? "")"
        case .file(let path): "file:\(path)"
        case .literal: "(in the file)"
        }
    }
}

/// Why a secret reference could not be read or resolved; never holds the secret.
public struct SecretReferenceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension String {
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

/// Splits `command:` text into argv the simple way a shell would without expanding
/// anything: whitespace separates words, single quotes keep everything, double quotes keep
/// everything but a backslash-escaped `"` or `\`, a backslash outside quotes keeps the next
/// character. No variables, globs, pipes or redirections: the command runs without a shell.
public enum CommandLineSplitter {
    public static func split(_ line: String) throws(SecretReferenceError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                word.append(character)
            case ("\"", "\\"):
                escaped = true
            case ("\"", _):
                word.append(character)
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case (nil, "\\"):
                escaped = true
                inWord = true
            case (nil, _) where character.isWhitespace:
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(character)
                inWord = true
            }
        }
        if quote != nil { throw SecretReferenceError("command: has an unclosed quote") }
        if escaped { throw SecretReferenceError("command: ends with a lone backslash") }
        if inWord { words.append(word) }
        return words
    }
}
