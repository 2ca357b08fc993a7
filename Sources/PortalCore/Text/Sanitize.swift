/// Text from the network is untrusted: these make it safe to print or draw.
///
/// Two kinds of scalar never get through. Controls (C0, C1, ESC, DEL) could act on the
/// terminal, so each becomes U+FFFD where the reader can see that something was there.
/// Invisible scalars that change how the rest of the line looks are dropped: bidi
/// overrides, embeddings, isolates and marks (U+202A–U+202E, U+2066–U+2069,
/// U+200E/U+200F, U+061C) can reorder a line so it reads as something else; a soft
/// hyphen, a BOM, zero-width spaces and joiners, tag characters and the other format
/// characters (general category Cf) hide text or glue it together. Also dropped, because
/// terminals disagree on their width and a disagreement shifts the rest of the row:
/// variation selectors (VS16 turns ❤ into an emoji two columns wide on some terminals,
/// not on others) and emoji skin-tone modifiers (joined to the emoji before on some).
/// A ZWJ family 👨‍👩‍👧 thus shows as its three people, the same six columns everywhere.
public enum Sanitize {
    /// `text` with controls replaced by U+FFFD and hidden or width-ambiguous scalars
    /// dropped (see the type's comment).
    public static func line(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append("\u{FFFD}")
            } else if !isHidden(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `line` of at most the first `limit` scalars of `text` that it shows, ending in "…"
    /// when more were there. For text drawn on one screen line, of which no terminal shows
    /// more: a hostile 64 KiB name then costs each frame what a short one costs. Hidden
    /// scalars are dropped without counting, so a flood of zero-width spaces cannot push
    /// the rest of a name out of sight (`a` + 5,000 × U+200B + `b` shows `ab`); at most
    /// `hiddenAllowance` times `limit` scalars are read, so the cost stays bounded.
    public static func line(_ text: String, limit: Int) -> String {
        // Scalars are never more than UTF-8 bytes: short text needs no counting.
        guard text.utf8.count > limit else { return line(text) }
        var kept = String.UnicodeScalarView()
        var count = 0
        var read = 0
        let readLimit = limit.multipliedReportingOverflow(by: hiddenAllowance).overflow ? Int.max : limit * hiddenAllowance
        var scalars = text.unicodeScalars.makeIterator()
        while count < limit, read < readLimit, let scalar = scalars.next() {
            read += 1
            if isHidden(scalar) { continue }
            kept.append(isControl(scalar) ? "\u{FFFD}" : scalar)
            count += 1
        }
        let whole = String(kept)
        return scalars.next() == nil ? whole : whole + "…"
    }

    /// How many scalars `line(_:limit:)` reads for each one it may show.
    static let hiddenAllowance = 16

    /// Text of several lines (a help text, `portal cache stats`, a batch of printed items,
    /// TSV): `line`'s rule with two controls kept, the line feed and the tab, which only
    /// start the next line or move to the next tab stop. A carriage return (which could
    /// write over what a line said) and every other control become U+FFFD.
    public static func lines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isLayout($0) && needsWork($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isLayout(scalar) {
                out.append(scalar)
            } else if isControl(scalar) {
                out.append("\u{FFFD}")
            } else if !isHidden(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The line feed and the tab: the controls `lines` keeps.
    @inline(__always)
    public static func isLayout(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\t"
    }

    /// C0 and C1 controls and DEL.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        isControl(value: scalar.value)
    }

    /// `isControl` on a scalar's value (what the screens read from a width table walk).
    @inlinable
    public static func isControl(value v: UInt32) -> Bool {
        v < 0x20 || (0x7F...0x9F).contains(v)
    }

    /// Scalars `line` drops: format characters (Cf: bidi controls, soft hyphen, BOM,
    /// zero-width joiners and spaces, tags, …), variation selectors and emoji modifiers.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        // Everything below the soft hyphen is ASCII or a control: the common case.
        case ..<0xAD: false
        // Format characters (Cf), listed rather than looked up so that long text in any
        // script costs a range check a scalar (a test checks the list against Unicode).
        case 0xAD, 0x600...0x605, 0x61C, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x180E,
             0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF,
             0xFFF9...0xFFFB, 0x110BD, 0x110CD, 0x13430...0x1343F, 0x1BCA0...0x1BCA3,
             0x1D173...0x1D17A, 0xE0001, 0xE0020...0xE007F: true
        // Variation selectors, and the emoji modifiers (skin tones).
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1F3FB...0x1F3FF: true
        default: false
        }
    }

    @inline(__always)
    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isHidden(scalar)
    }
}
