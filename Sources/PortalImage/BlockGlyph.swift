/// Which part of a cell a block symbol covers with its foreground: what a terminal whose
/// font draws the block exactly shows. For measuring how faithful a symbol rendering is
/// (`PictureFidelity`), never for drawing.
///
/// Known: space, full block, the four half blocks (▀ ▄ ▌ ▐), the quadrants (U+2596–259F)
/// and the sextants (U+1FB00–1FB3B, a 2 × 3 grid). Any other symbol counts as half.
public enum BlockGlyph {
    /// Whether the point (x, y) of a cell, each in 0..<1 from the top left, shows the
    /// foreground.
    public static func coversForeground(_ symbol: Unicode.Scalar, x: Double, y: Double) -> Bool {
        let v = symbol.value
        switch v {
        case 0x20: return false
        case 0x2588: return true
        case 0x2580: return y < 0.5
        case 0x2584: return y >= 0.5
        case 0x258C: return x < 0.5
        case 0x2590: return x >= 0.5
        case 0x2596...0x259F:
            let bits = quadrants[Int(v - 0x2596)]
            let bit = (y < 0.5 ? 0 : 2) + (x < 0.5 ? 0 : 1)
            return bits & (1 << bit) != 0
        case 0x1FB00...0x1FB3B:
            let bits = sextant(Int(v - 0x1FB00))
            let row = min(2, Int(y * 3))
            let bit = row * 2 + (x < 0.5 ? 0 : 1)
            return bits & (1 << bit) != 0
        default:
            return y < 0.5
        }
    }

    /// Quadrant masks (bit 0 top left, 1 top right, 2 bottom left, 3 bottom right) of
    /// ▖ ▗ ▘ ▙ ▚ ▛ ▜ ▝ ▞ ▟.
    private static let quadrants: [Int] = [0b0100, 0b1000, 0b0001, 0b1101, 0b1001, 0b0111, 0b1011, 0b0010, 0b0110, 0b1110]

    /// The sextant at `offset` from U+1FB00: the 6-bit patterns 1…62 in order (bit 0 top
    /// left, 1 top right, 2 middle left, … 5 bottom right), without 21 and 42 (the left and
    /// right half blocks, which have their own code points).
    private static func sextant(_ offset: Int) -> Int {
        var pattern = offset + 1
        if pattern >= 21 { pattern += 1 }
        if pattern >= 42 { pattern += 1 }
        return pattern
    }
}
