import PortalCore

/// The text of one card: three lines of spans (already sanitised).
public struct CardContent: Sendable, Equatable {
    public var lines: [[Span]]
    public init(lines: [[Span]]) { self.lines = lines }
}
