import PortalCore

extension Sanitize {
    /// The most scalars of one piece of network text the screen draws: more than the
    /// widest terminal row holds, even at five combining marks a cell.
    static let shownScalars = 2048

    /// Network text as the screen draws it: sanitised (`line`) and cut to
    /// `shownScalars`, since views draw every frame and never wrap.
    static func shown(_ text: String) -> String { line(text, limit: shownScalars) }
}
