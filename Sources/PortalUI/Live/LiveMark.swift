/// The mark a card or table row carries after the list learnt something about its record:
/// `new`, `changed` (by `--watch`'s look, `R`, or a pushed change), `deleted` (a pushed
/// deletion; the row leaves on the next `R`). One look for every source of marks.
public enum LiveMark: String, Sendable, Hashable {
    case new, changed, deleted

    /// How it is drawn: reverse video in its colour (green, yellow, red), bold.
    var style: Style {
        switch self {
        case .new: Style(foreground: .green, bold: true, reverse: true)
        case .changed: Style(foreground: .yellow, bold: true, reverse: true)
        case .deleted: Style(foreground: .red, bold: true, reverse: true)
        }
    }
}

extension Rect {
    /// The rectangle without its first row (a table's rows, under its header).
    var belowFirstRow: Rect { Rect(top: top + 1, left: left, width: width, height: max(0, height - 1)) }
}
