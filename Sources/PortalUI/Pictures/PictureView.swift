import PortalImage

/// Draws one picture into a rectangle of cells: libchafa's symbol cells through the
/// screen's colours, or — where the terminal draws pixels — blank cells with a pixel
/// placement over them. Whatever is not a picture says so calmly in dim text: nothing
/// while it is on its way, `no picture` (or why not) when there is none.
@MainActor
public enum PictureView {
    /// What the view has for the rectangle.
    public enum Content {
        /// Asked for, not here yet.
        case loading
        case ready(PictureTicket)
        /// None to show; the text says why (`no picture`, `picture failed: …`).
        case absent(String)
    }

    /// The palette symbol cells are drawn in on `screen`; nil when it cannot draw them
    /// (fewer than 256 colours).
    public static func palette(for screen: any Screen) -> PictureRenderer.Palette? {
        if screen.colorCount >= ColorDepth.trueColor { return .truecolor }
        return screen.colorCount >= 256 ? .indexed256 : nil
    }


    /// Draws `content` in `rect` (at most `rect`: the picture keeps its aspect ratio and is
    /// centred). `mode` says how; `store` holds the pixels.
    public static func draw(_ content: Content, in rect: Rect, mode: PictureMode, store: PictureStore, into screen: any Screen) {
        guard rect.width > 0, rect.height > 0 else { return }
        switch content {
        case .loading:
            return
        case .absent(let why):
            note(why, in: rect, into: screen)
        case .ready(let ticket):
            guard case .ready(let kept) = store.entry(ticket) else { return }
            let box = fitted(width: kept.width, height: kept.height, in: rect)
            // Pixels where the terminal draws them and the store holds them; a card kept
            // as symbol cells only (drawn before the terminal said it draws pixels) stays
            // in symbols.
            if mode.drawsPixels, let pixels = kept.pixels {
                screen.fill(box)
                screen.place(PixelPlacement(id: ticket, cells: box, picture: pixels))
                return
            }
            guard let palette = palette(for: screen) else {
                note("no colour for pictures", in: rect, into: screen)
                return
            }
            guard let runs = store.runs(ticket, slot: Size(columns: rect.width, rows: rect.height), palette: palette) else {
                note("picture failed", in: rect, into: screen)
                return
            }
            runs.draw(top: box.top, left: box.left, into: screen)
        }
    }

    /// The cells a picture takes within `rect` (`PictureFit`).
    public static func fitted(_ picture: Picture, in rect: Rect) -> Rect {
        fitted(width: picture.width, height: picture.height, in: rect)
    }

    /// The cells a picture of `width` × `height` pixels takes within `rect`.
    public static func fitted(width: Int, height: Int, in rect: Rect) -> Rect {
        let box = PictureFit.box(width: width, height: height, columns: rect.width, rows: rect.height)
        return Rect(top: rect.top + box.top, left: rect.left + box.left, width: box.columns, height: box.rows)
    }

    /// A dim note in the middle of the rectangle, its words wrapped to the width (the
    /// last line that fits cut with "…").
    static func note(_ text: String, in rect: Rect, into screen: any Screen) {
        var lines: [String] = []
        for word in text.split(separator: " ") {
            if let last = lines.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(word) <= rect.width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(String(word))
            }
        }
        if lines.count > rect.height {
            lines = Array(lines.prefix(rect.height))
            lines[lines.count - 1] += " …"
        }
        let top = rect.top + (rect.height - lines.count) / 2
        for (i, line) in lines.enumerated() {
            let shown = DisplayWidth.truncate(line, to: rect.width)
            let width = DisplayWidth.of(shown)
            screen.draw(shown, row: top + i, column: rect.left + max(0, (rect.width - width) / 2), width: rect.width, style: Style(dim: true))
        }
    }
}
