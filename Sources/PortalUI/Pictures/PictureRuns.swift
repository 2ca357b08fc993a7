import PortalImage

/// A picture's symbol cells as the runs a frame puts on the screen: per row, each run of
/// cells with the same colours as one string and one style. Made once per picture and
/// size (`PictureStore.runs`), so drawing a card's picture is a few `put`s.
struct PictureRuns {
    struct Run {
        var column: Int
        var text: String
        var style: Style
    }

    let rows: [[Run]]
    /// About what the runs hold in memory, for `PictureStore`'s budget.
    let byteEstimate: Int

    init(_ cells: PictureCells) {
        var rows: [[Run]] = []
        rows.reserveCapacity(cells.rows)
        for row in 0..<cells.rows {
            var runs: [Run] = []
            for column in 0..<cells.columns {
                let cell = cells[column, row]
                let style = Style(foreground: Self.color(cell.foreground), background: Self.color(cell.background))
                if let last = runs.last, last.style == style {
                    runs[runs.count - 1].text.unicodeScalars.append(cell.symbol)
                } else {
                    runs.append(Run(column: column, text: String(Character(cell.symbol)), style: style))
                }
            }
            rows.append(runs)
        }
        self.rows = rows
        byteEstimate = rows.reduce(PictureStore.entryOverhead) { total, runs in
            runs.reduce(total + MemoryLayout<[Run]>.stride) { $0 + MemoryLayout<Run>.stride + $1.text.utf8.count }
        }
    }

    /// Puts the runs with the picture's top left at (top, left).
    func draw(top: Int, left: Int, into screen: any Screen) {
        for (row, runs) in rows.enumerated() {
            for run in runs { screen.put(run.text, row: top + row, column: left + run.column, style: run.style) }
        }
    }

    static func color(_ colour: PictureCell.Colour) -> Color {
        switch colour {
        case .clear: .default
        case .indexed(let index): .indexed(index)
        case .rgb(let r, let g, let b): .rgb(r, g, b)
        }
    }
}
