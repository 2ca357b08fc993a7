import PortalImage

/// What the picture store holds of a picture that arrived. While the screen needs it (a
/// card on screen or just ahead, the pane) that is all its decoded pixels, so the pane draws
/// it large and sharp; once it leaves, only what its card needs to be drawn again: the
/// card's symbol cells (kept beside it in the store, `pixels` nil), or — where no card was
/// drawn in symbols, as in the pixel modes — its pixels scaled to a card
/// (`PictureBudget.cardPixelSide`). A card is 2–40 KB where the decoded picture is 144 KiB,
/// so the store's budget holds several screens of cards and coming back asks for nothing.
public struct KeptPicture: Sendable, Equatable {
    /// The decoded picture's size: the box a card or the pane draws it in keeps its aspect
    /// ratio, whatever is kept of it.
    public let width: Int
    public let height: Int
    /// The pixels to place or render: the decoded picture when `isFull`, else the card's
    /// (scaled), or nil when only the card's symbol cells are kept.
    public let pixels: Picture?

    /// A picture as it arrived: all of it.
    public init(full picture: Picture) {
        width = picture.width
        height = picture.height
        pixels = picture
        isFull = true
    }

    /// What a card keeps of `picture`: `cardPixels` (scaled to a card), or nothing but the
    /// size when the card's symbol cells are kept.
    init(cardOf picture: Picture, cardPixels: Picture?) {
        width = picture.width
        height = picture.height
        pixels = cardPixels
        isFull = false
    }

    /// Whether the decoded picture is held whole (what the pane needs).
    public let isFull: Bool

    /// Pixels held, for the store's budget.
    var byteCount: Int { pixels?.byteCount ?? 0 }
}
