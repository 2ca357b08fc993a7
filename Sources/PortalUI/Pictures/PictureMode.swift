/// How pictures are drawn (`--pictures`, after `auto` asked the terminal): not at all, as
/// symbol cells (libchafa's blocks through ncurses), or as real pixels in the sixel or
/// kitty graphics protocol (symbols where pixels are not drawn).
public enum PictureMode: String, Sendable, Hashable, CaseIterable {
    case off
    case symbols
    case sixel
    case kitty

    /// Whether the terminal draws real pixels.
    public var drawsPixels: Bool { self == .sixel || self == .kitty }
}
