/// Measures text in terminal display columns, the only unit the views lay out in.
///
/// Counting code points or graphemes misaligns Unicode names: East Asian wide characters
/// and emoji take two columns, combining marks take none, and control characters are
/// never drawn (network text is sanitised before it gets here, but the rule holds anyway).
public enum DisplayWidth {
    /// The ellipsis that marks truncated text (one column).
    public static let ellipsis = "…"

    /// Columns taken by one Unicode scalar on its own: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        // Printable ASCII is by far the common case; skip the property lookups for it.
        if v >= 0x20 && v < 0x7F { return 1 }
        if v < 0x20 || (0x7F...0x9F).contains(v) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(v) { return 0 }  // Hangul medial vowels and final consonants
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(v) ? 2 : 1
    }

    /// Columns taken by one grapheme cluster (a user-perceived character).
    public static func of(_ character: Swift.Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F...0x9F).contains(first.value) { return 0 }
        if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji { return 2 }
        var width = 0
        for scalar in scalars {
            width = max(width, of(scalar))
            if width == 2 { break }
        }
        return width
    }

    /// Columns taken by a whole string.
    public static func of(_ text: some StringProtocol) -> Int {
        // All printable ASCII: one column per byte, no grapheme breaking needed.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// `text` cut to at most `width` columns, ending in "…" when something was cut.
    /// A wide character never straddles the limit.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return String(text.utf8.prefix(width - 1))! + ellipsis
        }
        var out = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + ellipsis
    }

    /// `text` truncated to `width` columns and padded with spaces to exactly `width`.
    public static func pad(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        let w = of(cut)
        return w < width ? cut + String(repeating: " ", count: width - w) : cut
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
