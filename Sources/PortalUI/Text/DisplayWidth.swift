import PortalCore

/// Measures text in terminal display columns, the only unit the views lay out in.
///
/// The rule is the terminal's: each Unicode scalar takes what the C library's `wcwidth`
/// says (`ScalarWidthTable`), summed, with no grapheme clustering — exactly how ncurses
/// lays out cells. So a ZWJ sequence takes the sum of its parts (👨‍👩‍👧 is 6, the joiners 0),
/// a skin-tone modifier 2 of its own and VS16 nothing; control characters are never drawn
/// (0); scalars the C library cannot print are drawn as one `?` (1). Network text also
/// loses the joiners, selectors and modifiers terminals disagree on in `Sanitize.line`,
/// so what is measured is what every terminal draws.
///
/// Hostile lengths cost nothing extra: `fit`, `truncate` and `pad` read a string only up
/// to what fits, so a 7 MB name costs what its first few dozen characters cost.
public enum DisplayWidth {
    /// The ellipsis that marks truncated text (one column).
    public static let ellipsis = "…"

    /// Zero-width scalars kept after one cell's character: ncurses holds at most five
    /// characters a cell (`CCHARW_MAX`), so a sixth mark would not be drawn anyway.
    public static let marksPerCell = 4

    /// Columns taken by one Unicode scalar on its own: 0, 1 or 2.
    @inline(__always)
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        // Printable ASCII is by far the common case; skip the table for it.
        if v >= 0x20 && v < 0x7F { return 1 }
        if isControl(v) { return 0 }
        guard let width = ScalarWidthTable.lookup(v) else { return estimate(scalar) }
        return width == ScalarWidthTable.unprintable ? 1 : Int(width)
    }

    /// False for scalars the C library cannot print (ncurses would refuse them; the
    /// terminal screen draws `?` instead). Controls count as printable here: they are
    /// dropped, not replaced.
    public static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x7F || isControl(v) { return true }
        return ScalarWidthTable.lookup(v) != ScalarWidthTable.unprintable
    }

    /// Columns taken by one grapheme cluster: the sum of its scalars, as ncurses draws it.
    public static func of(_ character: Swift.Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// Columns taken by a whole string. Reads all of it: for text of unknown length use
    /// `fit`, `truncate` or `pad`, which stop at the width available.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += of(scalar) }
        return total
    }

    /// The longest start of `text` that fits in `width` columns, its width, and whether
    /// anything was left out. Reads at most about `width × 5` scalars: zero-width marks
    /// beyond `marksPerCell` after one character are dropped, and a string with more
    /// scalars than `width` cells can hold counts as cut.
    public static func fit(_ text: some StringProtocol, in width: Int) -> (text: String, width: Int, cut: Bool) {
        fit(scalars: text.unicodeScalars, in: width)
    }

    /// `fit` over any run of scalars, which it reads only as far as it needs — even an
    /// endless one.
    public static func fit(scalars: some Sequence<Unicode.Scalar>, in width: Int) -> (text: String, width: Int, cut: Bool) {
        var iterator = scalars.makeIterator()
        guard width > 0 else { return ("", 0, iterator.next() != nil) }
        var out = String.UnicodeScalarView()
        var used = 0
        var marks = 0
        var read = 0
        let budget = width * (marksPerCell + 1)
        while let scalar = iterator.next() {
            read += 1
            if read > budget { return (String(out), used, true) }
            let w = of(scalar)
            if w == 0 {
                if marks >= marksPerCell { continue }
                marks += 1
            } else {
                if used + w > width { return (String(out), used, true) }
                marks = 0
            }
            out.append(scalar)
            used += w
        }
        return (String(out), used, false)
    }

    /// `text` cut to at most `width` columns, ending in "…" when something was cut.
    /// A wide character never straddles the limit.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        let whole = fit(text, in: width)
        guard whole.cut else { return whole.text }
        return beforeEllipsis(whole.text, in: width - 1) + ellipsis
    }

    /// What of `text` goes before a closing "…" in `width` columns: the longest start that
    /// fits, without the spaces it ends in ("Memory Geardude…", not "Memory Geardude …").
    public static func beforeEllipsis(_ text: String, in width: Int) -> String {
        var kept = Substring(fit(text, in: width).text)
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return String(kept)
    }

    /// The longest end of `text` that fits in `width` columns: what a prompt shows of a
    /// long entry, whose end is where the cursor is. Reads `text` from its end only as
    /// far as it shows.
    public static func tail(_ text: String, in width: Int) -> String {
        var used = 0
        var start = text.endIndex
        while start > text.startIndex {
            let before = text.index(before: start)
            let w = of(text[before])
            if used + w > width { break }
            used += w
            start = before
        }
        return String(text[start...])
    }

    /// `text` truncated to `width` columns and padded with spaces to exactly `width`.
    public static func pad(_ text: String, to width: Int) -> String {
        let shown = truncate(text, to: width)
        // `shown` holds at most about `width × 5` scalars, so measuring it is cheap.
        let w = of(shown)
        return w < width ? shown + String(repeating: " ", count: width - w) : shown
    }

    /// C0 and C1 controls and DEL: never drawn.
    @inline(__always)
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        Sanitize.isControl(value: scalar.value)
    }

    @inline(__always)
    static func isControl(_ v: UInt32) -> Bool {
        Sanitize.isControl(value: v)
    }

    /// Without a C library table (no UTF-8 locale at all): marks and format characters
    /// 0, East Asian wide and emoji-presentation scalars 2, the rest 1.
    static func estimate(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(scalar.value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(scalar.value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15), the parts that occur in practice.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
             0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
