import PortalImage

/// What the screen knows about drawing pictures: the mode (`--pictures`, after `auto`
/// asked the terminal; `.off` asks for none), whether cards show them (`p`), the store of
/// those asked for and arrived, and the palette of the screen last drawn on. The root
/// holds one; the planning step reads it (`pictureNeeds`), the frame notes the palette.
@MainActor
struct ScreenPictures {
    /// The terminal turns `auto` off when there is no colour (`NO_COLOR`); its answer may
    /// switch it once (`AppEvent.pictures`).
    var mode: PictureMode
    /// `p`: whether cards show pictures (the pane always does, unless `mode` is off).
    var onCards = true
    /// The pictures asked for and arrived, by their item's ticket.
    let store = PictureStore()
    /// The palette of the screen last drawn on, for renderings asked for ahead; nil before
    /// the first frame, or on a screen of fewer than 256 colours.
    var palette: PictureRenderer.Palette?
    /// Whether a frame was drawn (so a nil `palette` means "no colour for symbols").
    var screenDrawn = false

    /// `--pictures symbols` on a screen without 256 colours: nothing to draw them with.
    var symbolsUndrawable: Bool { mode == .symbols && screenDrawn && palette == nil }
}

extension ScreenController {
    /// How pictures are drawn; `.off` asks for none.
    public internal(set) var pictureMode: PictureMode {
        get { picturing.mode }
        set { picturing.mode = newValue }
    }

    /// `p`: whether cards show pictures.
    public internal(set) var cardPictures: Bool {
        get { picturing.onCards }
        set { picturing.onCards = newValue }
    }

    /// The pictures asked for and arrived, by their item's ticket.
    public var pictures: PictureStore { picturing.store }

    var symbolPalette: PictureRenderer.Palette? { picturing.palette }
}
