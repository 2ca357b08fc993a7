/// Why the terminal UI could not start or keep running: one line for stderr.
///
/// Start-up failures are raised before the screen is touched, so the message lands on a
/// normal terminal; failures after start-up are raised only after the terminal was restored.
public struct TerminalError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
