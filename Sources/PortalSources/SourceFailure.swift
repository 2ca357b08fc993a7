import Foundation

/// Why a request cannot become a source, in the words the user sees, and how the command
/// ends: a usage error (exit 2, the help hinted, as a bad flag), a runtime failure (exit
/// 1), or a refusal with its own status and no hint (an OpenAPI document that cannot be
/// used: 2, or 1 when it is over the size limits).
///
/// The resolver names no argument parser, so the executable maps these to its own errors.
public struct SourceFailure: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case usage
        case runtime
        case refused(status: Int32)
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    public static func usage(_ message: String) -> SourceFailure { SourceFailure(.usage, message) }
    public static func runtime(_ message: String) -> SourceFailure { SourceFailure(.runtime, message) }
}
