/// The xterm 256-colour palette: 16 system colours (left alone: terminals redefine them),
/// a 6×6×6 colour cube (16–231) and a 24-step grey ramp (232–255).
public enum XtermPalette {
    /// The six levels of each cube axis.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The palette index closest to an RGB colour (squared distance), from the cube or the
    /// grey ramp, never the system colours.
    public static func index(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let r = Int(red), g = Int(green), b = Int(blue)
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeDistance = distance((r, g, b), cube)
        // Grey ramp: 8, 18, …, 238.
        let average = (r + g + b) / 3
        let step = min(23, max(0, (average - 8 + 5) / 10))
        let grey = 8 + 10 * step
        let greyDistance = distance((r, g, b), (grey, grey, grey))
        if greyDistance < cubeDistance { return UInt8(232 + step) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// The RGB value the terminal shows for a cube or grey-ramp index (16–255); the system
    /// colours below 16 have no fixed value and answer nil.
    public static func rgb(of index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        switch index {
        case 16...231:
            let n = Int(index) - 16
            return (UInt8(cubeLevels[n / 36]), UInt8(cubeLevels[n / 6 % 6]), UInt8(cubeLevels[n % 6]))
        case 232...255:
            let v = UInt8(8 + 10 * (Int(index) - 232))
            return (v, v, v)
        default:
            return nil
        }
    }

    private static func nearestLevel(_ value: Int) -> Int {
        // Boundaries halfway between the levels 0, 95, 135, 175, 215, 255.
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min(5, (value - 35) / 40)
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return dr * dr + dg * dg + db * db
    }
}
