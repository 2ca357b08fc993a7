import PortalUI

/// `--pictures auto|sixel|kitty|symbols|off`: what the user asked for. `auto` (the
/// default) becomes a `PictureMode` through `TerminalProbe`; the others are taken as they
/// are (`sixel` or `kitty` even inside tmux, or with `NO_COLOR`: asked for is asked for).
public enum PicturesOption: String, Sendable, Hashable, CaseIterable {
    case auto, sixel, kitty, symbols, off
}
