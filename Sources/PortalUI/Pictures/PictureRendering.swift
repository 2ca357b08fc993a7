import PortalImage

/// A size and palette a picture is drawn at in symbols: asked for with the picture, so
/// the interpreter runs libchafa off the UI thread and a frame only copies cells.
public struct PictureRendering: Sendable, Hashable {
    /// The cells of the slot (a card's picture, the pane's); the picture is fitted inside.
    public var slot: Size
    public var palette: PictureRenderer.Palette

    public init(slot: Size, palette: PictureRenderer.Palette) {
        self.slot = slot
        self.palette = palette
    }

    /// The cells `picture` takes in the slot (`PictureFit`).
    public func box(for picture: Picture) -> Size {
        let rect = PictureFit.box(width: picture.width, height: picture.height, in: Rect(top: 0, left: 0, width: slot.columns, height: slot.rows))
        return Size(columns: rect.width, rows: rect.height)
    }

    /// The symbol cells of `picture` for this slot.
    public func render(_ picture: Picture) -> PictureCells? {
        let size = box(for: picture)
        return PictureRenderer.symbols(picture, columns: size.columns, rows: size.rows, palette: palette)
    }
}

/// Where a picture goes in a rectangle of cells: the largest box of its aspect ratio (a
/// cell is twice as high as wide), centred.
public enum PictureFit {
    public static func box(width: Int, height: Int, in rect: Rect) -> Rect {
        let aspect = Double(max(1, width)) / Double(max(1, height))
        var columns = Int((Double(rect.height) * aspect * 2).rounded())
        var rows = rect.height
        if columns > rect.width {
            columns = rect.width
            rows = max(1, min(rect.height, Int((Double(rect.width) / (aspect * 2)).rounded())))
        }
        columns = max(1, min(rect.width, columns))
        return Rect(top: rect.top + (rect.height - rows) / 2, left: rect.left + (rect.width - columns) / 2, width: columns, height: rows)
    }
}
