import PortalImage

/// An avatar's pixels as xterm 256-colour palette indices, ready to draw.
struct AvatarPixels {
    let width: Int
    let height: Int
    private let indices: [UInt8]

    init(_ image: AvatarImage) {
        width = image.width
        height = image.height
        var indices: [UInt8] = []
        indices.reserveCapacity(image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                indices.append(XtermPalette.index(red: p.red, green: p.green, blue: p.blue))
            }
        }
        self.indices = indices
    }

    /// The palette index at (x, y); rows past the bottom repeat the last one.
    func index(x: Int, y: Int) -> UInt8 {
        indices[min(y, height - 1) * width + x]
    }
}
