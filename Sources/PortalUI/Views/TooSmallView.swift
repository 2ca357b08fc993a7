/// What a terminal smaller than `Layout.minimum` shows; the app recovers on the next resize.
///
/// The message is chosen to fit rather than cut: at 15×4 "terminal too s…" says nothing,
/// "too small" says it all. Each line takes the longest wording that fits the width, and
/// further lines, as many as there are rows, say what size is needed and what it is now:
///
///     terminal too small        too small
///     need at least 30×8        need 30×8
///     now 29×8                  now 15×4
public enum TooSmallView {
    /// The lines for a terminal of `size`, at most `size.rows` of them, each at most
    /// `size.columns` wide (cut with "…" only when not even the shortest wording fits).
    public static func lines(for size: Size) -> [String] {
        guard size.rows > 0, size.columns > 0 else { return [] }
        let need = "\(Layout.minimum.columns)×\(Layout.minimum.rows)"
        let now = "\(size.columns)×\(size.rows)"
        let wordings: [[String]]
        if size.rows == 1 {
            wordings = [["terminal too small: need \(need)", "too small: need \(need)", "too small"]]
        } else {
            wordings = [
                ["terminal too small", "too small"],
                ["need at least \(need)", "need \(need)", need],
                ["now \(now)", now],
            ]
        }
        return wordings.prefix(size.rows).map { choices in
            let fitting = choices.first { DisplayWidth.of($0) <= size.columns } ?? choices[choices.count - 1]
            return DisplayWidth.truncate(fitting, to: size.columns)
        }
    }

    public static func draw(size: Size, into screen: any Screen) {
        for (row, line) in lines(for: size).enumerated() {
            screen.draw(line, row: row, column: 0, width: size.columns)
        }
    }
}
