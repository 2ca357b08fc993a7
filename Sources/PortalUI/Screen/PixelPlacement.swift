import PortalImage

/// Real pixels asked for over a rectangle of cells the view kept blank: the terminal
/// adapter turns `picture` into sixel or kitty bytes for `cells` after the text is drawn.
/// Two placements are the same when they show the same picture (`id`) in the same cells,
/// so a frame that places what the last one placed writes nothing.
public struct PixelPlacement: Sendable, Equatable, Hashable {
    /// The picture's identity (its item and address), not its pixels.
    public let id: PictureTicket
    public let cells: Rect
    public let picture: Picture

    public init(id: PictureTicket, cells: Rect, picture: Picture) {
        self.id = id
        self.cells = cells
        self.picture = picture
    }

    public static func == (a: PixelPlacement, b: PixelPlacement) -> Bool { a.id == b.id && a.cells == b.cells }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(cells)
    }
}
