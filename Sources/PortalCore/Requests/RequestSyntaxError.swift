/// A `--where`, `--order` or `--header` that cannot be sent; the message names the flag
/// and what is wrong, never a header's value.
public struct RequestSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
