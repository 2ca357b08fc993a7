import PortalImage

/// A size and palette a picture is drawn at in symbols: asked for with the picture, so
/// the interpreter runs libchafa off the UI thread and a frame only copies cells.
public struct PictureRendering: Sendable, Hashable {
    /// The cells of the slot (a card's picture, the pane's); the picture is fitted inside.
    public var columns: Int
    public var rows: Int
    public var palette: PictureRenderer.Palette

    public init(columns: Int, rows: Int, palette: PictureRenderer.Palette) {
        self.columns = columns
        self.rows = rows
        self.palette = palette
    }

    /// The symbol cells of `picture` for this slot (in the box `PictureFit` gives it).
    public func render(_ picture: Picture) -> PictureCells? {
        let box = PictureFit.box(width: picture.width, height: picture.height, columns: columns, rows: rows)
        return PictureRenderer.symbols(picture, columns: box.columns, rows: box.rows, palette: palette)
    }
}

/// Where a picture goes in a slot of cells: the largest box of its aspect ratio (a cell
/// is twice as high as wide), centred.
public enum PictureFit {
    /// The box's offset in the slot and its size in cells.
    public static func box(width: Int, height: Int, columns slotColumns: Int, rows slotRows: Int)
        -> (left: Int, top: Int, columns: Int, rows: Int) {
        let aspect = Double(max(1, width)) / Double(max(1, height))
        var columns = Int((Double(slotRows) * aspect * 2).rounded())
        var rows = slotRows
        if columns > slotColumns {
            columns = slotColumns
            rows = max(1, min(slotRows, Int((Double(slotColumns) / (aspect * 2)).rounded())))
        }
        columns = max(1, min(slotColumns, columns))
        return ((slotColumns - columns) / 2, (slotRows - rows) / 2, columns, rows)
    }
}
