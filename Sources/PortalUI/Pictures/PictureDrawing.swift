import PortalImage

/// A picture's symbol cells for one slot and palette, and the runs a frame puts for them
/// (made on its first draw): what `PictureStore` keeps so a frame never runs libchafa for
/// a card it drew before, and — off screen — all it keeps of a card's picture.
struct PictureDrawing {
    var cells: PictureCells
    var runs: PictureRuns?

    /// About what it holds in memory, for the store's budget.
    var byteEstimate: Int {
        cells.cells.count * MemoryLayout<PictureCell>.stride + PictureStore.entryOverhead + (runs?.byteEstimate ?? 0)
    }
}
