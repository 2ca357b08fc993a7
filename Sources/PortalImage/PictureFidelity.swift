import Foundation

/// How faithfully something drawn in a terminal shows a picture: the mean colour distance
/// (CIELAB ΔE, CIE 1976) between the picture and what is shown, pixel by pixel or cell by
/// cell. Lower is better; about 2.3 is a just-noticeable difference. For the benchmark's
/// `picture_fidelity` and the end-to-end test in a real sixel terminal.
public enum PictureFidelity {
    public typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)

    /// ΔE between two colours.
    public static func deltaE(_ a: RGB, _ b: RGB) -> Double {
        let la = lab(a), lb = lab(b)
        return ((la.0 - lb.0) * (la.0 - lb.0) + (la.1 - lb.1) * (la.1 - lb.1) + (la.2 - lb.2) * (la.2 - lb.2)).squareRoot()
    }

    /// The colour a cell colour shows; `clear` shows `background`.
    public static func rgb(_ colour: PictureCell.Colour, background: RGB) -> RGB {
        switch colour {
        case .clear: return background
        case .rgb(let r, let g, let b): return (r, g, b)
        case .indexed(let index): return XtermPalette.rgb(of: index).map { ($0.red, $0.green, $0.blue) } ?? background
        }
    }

    /// The cells drawn as pixels, `cellWidth` × `cellHeight` each, as a terminal whose font
    /// draws the blocks exactly would show them (transparent pixels in `background`).
    public static func rasterize(_ cells: PictureCells, cellWidth: Int, cellHeight: Int, background: RGB) -> Picture? {
        let width = cells.columns * cellWidth, height = cells.rows * cellHeight
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for row in 0..<cells.rows {
            for column in 0..<cells.columns {
                let cell = cells[column, row]
                let fg = rgb(cell.foreground, background: background), bg = rgb(cell.background, background: background)
                for py in 0..<cellHeight {
                    for px in 0..<cellWidth {
                        let on = BlockGlyph.coversForeground(cell.symbol, x: (Double(px) + 0.5) / Double(cellWidth),
                                                             y: (Double(py) + 0.5) / Double(cellHeight))
                        let colour = on ? fg : bg
                        let i = ((row * cellHeight + py) * width + column * cellWidth + px) * 4
                        rgba[i] = colour.red
                        rgba[i + 1] = colour.green
                        rgba[i + 2] = colour.blue
                    }
                }
            }
        }
        return Picture(width: width, height: height, rgba: rgba)
    }

    /// The mean ΔE between two pictures of the same size (alpha composited on `background`).
    public static func meanDeltaE(_ a: Picture, _ b: Picture, background: RGB = (0, 0, 0)) -> Double? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var sum = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                sum += deltaE(composite(a.pixel(x: x, y: y), background), composite(b.pixel(x: x, y: y), background))
            }
        }
        return sum / Double(a.width * a.height)
    }

    /// The mean ΔE between `picture` box-filtered to the cell grid (one colour a cell) and
    /// the colour each cell shows (foreground and background mixed by what the symbol
    /// covers): the benchmark's measure, the same for any renderer.
    public static func cellDeltaE(_ picture: Picture, _ cells: PictureCells, background: RGB = (0, 0, 0)) -> Double? {
        guard let target = picture.scaled(width: cells.columns, height: cells.rows) else { return nil }
        var sum = 0.0
        let samples = 12
        for row in 0..<cells.rows {
            for column in 0..<cells.columns {
                let cell = cells[column, row]
                let fg = rgb(cell.foreground, background: background), bg = rgb(cell.background, background: background)
                var covered = 0
                for sy in 0..<samples {
                    for sx in 0..<samples where BlockGlyph.coversForeground(
                        cell.symbol, x: (Double(sx) + 0.5) / Double(samples), y: (Double(sy) + 0.5) / Double(samples)) {
                        covered += 1
                    }
                }
                let f = Double(covered) / Double(samples * samples)
                func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * f + Double(b) * (1 - f)).rounded()) }
                let shown: RGB = (mix(fg.red, bg.red), mix(fg.green, bg.green), mix(fg.blue, bg.blue))
                sum += deltaE(composite(target.pixel(x: column, y: row), background), shown)
            }
        }
        return sum / Double(cells.columns * cells.rows)
    }

    private static func composite(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ background: RGB) -> RGB {
        if p.alpha == 255 { return (p.red, p.green, p.blue) }
        let a = Double(p.alpha) / 255
        func c(_ v: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(v) * a + Double(b) * (1 - a)).rounded()) }
        return (c(p.red, background.red), c(p.green, background.green), c(p.blue, background.blue))
    }

    /// sRGB (D65) → CIELAB.
    private static func lab(_ c: RGB) -> (Double, Double, Double) {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        let r = linear(c.red), g = linear(c.green), b = linear(c.blue)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}
