import CNcurses
import PortalImage
import PortalUI

/// Turns a `Style` into ncurses attributes and a colour pair.
///
/// The basic colours get pairs on first use, one per (foreground, background)
/// combination, from the bottom of the table, so a terminal with few pairs (plain xterm
/// has 64) still gets the ones portal actually uses; when they run out, the text keeps its
/// attributes in the default colours. Without colour (`NO_COLOR`, no colour support) only
/// the attributes are kept.
///
/// Indexed (256-colour) and 24-bit pairs, used by pictures, come from a pool above the
/// basic ones (`init_extended_pair`, so pairs past 32767 work). A screen of card pictures
/// needs a few thousand pairs and a session shows many screens, so the pool is recycled:
/// at the start of a frame, when fewer than `framePairs` are left, it starts over (ncurses
/// repaints any cell whose pair is redefined, and every visible cell is drawn again each
/// frame). A 24-bit colour is drawn as it is on a direct-colour terminal (`COLORS` of
/// 2²⁴, e.g. `TERM=xterm-direct`), else as the nearest palette colour.
/// Used only by `NcursesScreen`, on the UI thread.
final class StylePalette {
    /// Pairs reserved for the basic colours (9 × 9 combinations fit).
    static let basicPairs: Int32 = 128
    /// The most picture pairs one frame may need (a pane picture and a screen of cards).
    static let framePairs = 4096

    private let colors: Bool
    private let defaultColors: Bool
    private let pairLimit: Int32
    /// Whether `.indexed` colours can be drawn: 256 colours and room for a frame's pairs.
    let supportsIndexed: Bool
    /// Whether `.rgb` colours are drawn as they are (a direct-colour terminal).
    let supportsTrueColor: Bool
    private var pairs: [ColorKey: Int32] = [:]
    private var indexedPairs: [ColorKey: Int32] = [:]
    private var cache: [Style: (attrs: attr_t, pair: Int32)] = [:]

    private struct ColorKey: Hashable {
        var foreground: Color
        var background: Color
    }

    init(colors: Bool, defaultColors: Bool) {
        self.colors = colors
        self.defaultColors = defaultColors
        self.pairLimit = colors ? max(0, portal_color_pairs()) : 0
        self.supportsIndexed = colors && portal_colors() >= 256
            && Int(pairLimit) - Int(Self.basicPairs) >= 2 * Self.framePairs
        self.supportsTrueColor = supportsIndexed && portal_colors() >= ColorDepth.trueColor
    }

    /// What `Screen.colorCount` reports.
    var colorCount: Int {
        guard colors else { return 0 }
        if supportsTrueColor { return ColorDepth.trueColor }
        return supportsIndexed ? 256 : 8
    }

    /// Call at the start of each frame: recycles the indexed pool when nearly full.
    func beginFrame() {
        guard supportsIndexed, Int(pairLimit - Self.basicPairs) - indexedPairs.count < Self.framePairs else { return }
        indexedPairs.removeAll(keepingCapacity: true)
    }

    /// The attributes and pair number for `style`.
    func resolve(_ style: Style) -> (attrs: attr_t, pair: Int32) {
        if let known = cache[style] { return known }
        var attrs = portal_a_normal()
        if style.bold { attrs |= portal_a_bold() }
        if style.dim { attrs |= portal_a_dim() }
        if style.reverse { attrs |= portal_a_reverse() }
        if style.underline { attrs |= portal_a_underline() }
        if style.foreground.isPictureColor || style.background.isPictureColor {
            // Not cached by style: the pool may be recycled between frames.
            return (attrs, indexedPair(foreground: style.foreground, background: style.background))
        }
        let resolved = (attrs: attrs, pair: pair(foreground: style.foreground, background: style.background))
        cache[style] = resolved
        return resolved
    }

    private func pair(foreground: Color, background: Color) -> Int32 {
        guard colors, foreground != .default || background != .default else { return 0 }
        let key = ColorKey(foreground: foreground, background: background)
        if let known = pairs[key] { return known }
        let pair = Int32(pairs.count + 1)
        guard pair < min(pairLimit, Self.basicPairs) else { return 0 }
        guard init_extended_pair(pair, number(foreground, isForeground: true), number(background, isForeground: false)) == portal_ok() else { return 0 }
        pairs[key] = pair
        return pair
    }

    private func indexedPair(foreground: Color, background: Color) -> Int32 {
        guard supportsIndexed else { return 0 }
        let key = ColorKey(foreground: foreground, background: background)
        if let known = indexedPairs[key] { return known }
        let pair = Self.basicPairs + Int32(indexedPairs.count)
        guard pair < pairLimit else { return 0 }
        guard init_extended_pair(pair, number(foreground, isForeground: true), number(background, isForeground: false)) == portal_ok() else { return 0 }
        indexedPairs[key] = pair
        return pair
    }

    /// The curses colour number; -1 is the terminal's own colour when
    /// `use_default_colors` succeeded, otherwise white on black stands in.
    private func number(_ color: Color, isForeground: Bool) -> Int32 {
        switch color {
        case .default: defaultColors ? -1 : (isForeground ? 7 : 0)
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        case .indexed(let index): Int32(index)
        case .rgb(let r, let g, let b):
            supportsTrueColor ? Int32(r) << 16 | Int32(g) << 8 | Int32(b) : Int32(XtermPalette.index(red: r, green: g, blue: b))
        }
    }
}

extension Color {
    /// A palette or 24-bit colour (pictures), drawn through the recycled pool.
    var isPictureColor: Bool {
        switch self {
        case .indexed, .rgb: true
        default: false
        }
    }
}
