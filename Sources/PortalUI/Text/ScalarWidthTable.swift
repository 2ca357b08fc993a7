import CTextWidth

/// The C library's `wcwidth` under a UTF-8 locale, for every Unicode scalar, read once.
///
/// Why a copy of the C library's answer rather than our own rules: ncurses lays out every
/// cell with `wcwidth`, one scalar at a time, and so do terminals such as tmux for all
/// but a few sequences. A view that measures a name differently from how ncurses draws it
/// (a ZWJ family counted 2 and drawn 6) pushes the rest of the row out of place. Asking
/// the C library itself is the only way to agree with it on every scalar, including
/// those its Unicode version does not know (unprintable: drawn as one `?`).
///
/// The locale is set for this thread only (`uselocale`) while the table is built, so the
/// process's own locale does not matter (tests run under any `LANG`). Two bits a scalar:
/// 272 KiB, filled once, on first use, by one `wcwidth` call per scalar.
enum ScalarWidthTable {
    /// What the table stores for a scalar `wcwidth` calls unprintable (-1).
    static let unprintable = UInt8(PORTAL_WIDTH_UNPRINTABLE)

    /// nil when no UTF-8 locale can be made (then `DisplayWidth` estimates).
    static let table: [UInt8]? = {
        var table = [UInt8](repeating: 0, count: 0x110000 / 4)
        let status = table.withUnsafeMutableBufferPointer { portal_scalar_widths($0.baseAddress, $0.count) }
        return status == 0 ? table : nil
    }()

    /// `wcwidth` of `value` (0, 1, 2, or `unprintable`), or nil without a table.
    @inline(__always)
    static func lookup(_ value: UInt32) -> UInt8? {
        guard let table, value < 0x110000 else { return nil }
        let byte = table[Int(value >> 2)]
        return (byte >> ((value & 3) * 2)) & 3
    }
}
