import PortalImage

/// The symbol cells the store keeps per picture and slot, and the runs a frame puts.
extension PictureStore {
    /// The runs a frame puts for a ready picture in a slot (from `cells`, made once).
    func runs(_ ticket: PictureTicket, slot: Size, palette: PictureRenderer.Palette) -> PictureRuns? {
        let rendering = PictureRendering(columns: slot.columns, rows: slot.rows, palette: palette)
        if let known = drawings[ticket]?[rendering]?.runs { return known }
        guard let cells = cells(ticket, slot: slot, palette: palette) else { return nil }
        let made = PictureRuns(cells)
        guard drawings[ticket]?[rendering] != nil else { return made }
        drawings[ticket]?[rendering]?.runs = made
        renderingBytes += made.byteEstimate
        return made
    }

    /// The symbol cells of a ready picture for a slot: those rendered with its answer (or
    /// kept for its card), else rendered here once from the pixels held (a size not asked
    /// for, e.g. after a resize) and kept.
    public func cells(_ ticket: PictureTicket, slot: Size, palette: PictureRenderer.Palette) -> PictureCells? {
        guard case .ready(let kept) = entries[ticket] else { return nil }
        let rendering = PictureRendering(columns: slot.columns, rows: slot.rows, palette: palette)
        if let known = drawings[ticket]?[rendering]?.cells { return known }
        guard let pixels = kept.pixels, let cells = rendering.render(pixels) else { return nil }
        keep(cells, of: ticket, for: rendering)
        return cells
    }

    /// Keeps `cells` of a picture the store holds (or is receiving) for `rendering`.
    func keep(_ cells: PictureCells, of ticket: PictureTicket, for rendering: PictureRendering) {
        let drawing = PictureDrawing(cells: cells)
        if let old = drawings[ticket, default: [:]].updateValue(drawing, forKey: rendering) { renderingBytes -= old.byteEstimate }
        renderingBytes += drawing.byteEstimate
    }

    /// Whether `rendering` is a card's slot (what a picture off screen keeps).
    nonisolated static func isCard(_ rendering: PictureRendering) -> Bool {
        rendering.columns == CardView.pictureColumns && rendering.rows == CardView.pictureRows
    }
}
