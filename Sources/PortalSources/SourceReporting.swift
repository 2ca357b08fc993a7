import Foundation

/// Where the resolver says things on its way to a source: a line for the user (stderr's
/// `portal: …` in the executable) and, while a first answer is retried before anything is
/// shown, a note drawn in place and cleared after. A test collects them.
public protocol SourceReporting: Sendable {
    /// One line, said at once.
    func say(_ line: String)
    /// A transient note (`503; trying again (attempt 2) in 1.0 s`); `nil` clears it.
    func note(_ line: String?)
}

/// Says nothing (tests, and the agent's server, whose stdout is the protocol).
public struct SilentReporting: SourceReporting {
    public init() {}
    public func say(_ line: String) {}
    public func note(_ line: String?) {}
}

/// `explanation`'s `key: value` lines as a trace note's fields.
func traceFields(_ lines: [String]) -> [(String, String)] {
    lines.map { line in
        let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
    }
}
