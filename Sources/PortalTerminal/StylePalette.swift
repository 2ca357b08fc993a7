import CNcurses
import PortalUI

/// Turns a `Style` into ncurses attributes and a colour pair.
///
/// Pairs are allocated on first use, one per (foreground, background) combination, so a
/// terminal with few pairs (plain xterm has 64) still gets the ones portal actually uses;
/// when they run out, the text keeps its attributes in the default colours. Without
/// colour (`NO_COLOR`, no colour support) only the attributes are kept. Used only by
/// `NcursesScreen`, on the UI thread.
final class StylePalette {
    private let colors: Bool
    private let defaultColors: Bool
    private let pairLimit: Int
    private var pairs: [ColorKey: Int32] = [:]
    private var cache: [Style: (attrs: attr_t, pair: Int32)] = [:]

    private struct ColorKey: Hashable {
        var foreground: Color
        var background: Color
    }

    init(colors: Bool, defaultColors: Bool) {
        self.colors = colors
        self.defaultColors = defaultColors
        self.pairLimit = colors ? Int(min(portal_color_pairs(), Int32(Int16.max))) : 0
    }

    /// The attributes and pair number for `style`.
    func resolve(_ style: Style) -> (attrs: attr_t, pair: Int32) {
        if let known = cache[style] { return known }
        var attrs = portal_a_normal()
        if style.bold { attrs |= portal_a_bold() }
        if style.dim { attrs |= portal_a_dim() }
        if style.reverse { attrs |= portal_a_reverse() }
        if style.underline { attrs |= portal_a_underline() }
        let resolved = (attrs: attrs, pair: pair(foreground: style.foreground, background: style.background))
        cache[style] = resolved
        return resolved
    }

    private func pair(foreground: Color, background: Color) -> Int32 {
        guard colors, foreground != .default || background != .default else { return 0 }
        let key = ColorKey(foreground: foreground, background: background)
        if let known = pairs[key] { return known }
        let pair = Int32(pairs.count + 1)
        guard Int(pair) < pairLimit else { return 0 }
        guard init_pair(Int16(pair), number(foreground, isForeground: true), number(background, isForeground: false)) == portal_ok() else { return 0 }
        pairs[key] = pair
        return pair
    }

    /// The curses colour number; -1 is the terminal's own colour when
    /// `use_default_colors` succeeded, otherwise white on black stands in.
    private func number(_ color: Color, isForeground: Bool) -> Int16 {
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
        }
    }
}
