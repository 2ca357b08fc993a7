import CImageShim

/// A decoded picture: `width` × `height` pixels, 8-bit RGBA (unassociated alpha), row by
/// row. Made only by decoding image bytes (`decode`) or from pixels a caller holds, so
/// everything drawn from it — symbol cells, sixel or kitty bytes — comes from pixels,
/// never from bytes off the network.
///
/// Decoding runs in C (`CImageShim`, libjpeg-turbo and libpng) under the same caps as
/// before: a decompression bomb is refused from its header, before its pixels exist.
public struct Picture: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha per pixel, rows top to bottom.
    public let rgba: [UInt8]

    /// The largest side a decoded picture is kept at: enough for the pane's 20 × 10-cell
    /// sixel in a terminal with 8 × 16-pixel cells (160 × 160), and small in a memory cache
    /// (144 KiB at most, so a few hundred fit the caches' byte budgets).
    public static let maxSide = 192

    /// A picture from raw RGBA bytes; nil unless `rgba` holds exactly width × height × 4.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, width <= 8192, height <= 8192, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Decodes a JPEG or PNG (PNG alpha kept) and box-filters it to fit within `maxSide`
    /// × `maxSide`, keeping its aspect ratio and never enlarging it.
    public static func decode(_ bytes: some Collection<UInt8>, maxSide: Int = Picture.maxSide) throws(DecodeError) -> Picture {
        guard maxSide > 0, maxSide <= Int(PORTAL_IMAGE_MAX_TARGET) else { throw DecodeError(code: Int32(PORTAL_IMAGE_BAD_ARGUMENT)) }
        let input = Array(bytes)
        var output = [UInt8](repeating: 0, count: maxSide * maxSide * 4)
        var width: Int32 = 0
        var height: Int32 = 0
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                portal_decode_picture(source.baseAddress, source.count, Int32(maxSide), Int32(maxSide), target.baseAddress, &width, &height)
            }
        }
        guard status == PORTAL_IMAGE_OK, width > 0, height > 0 else { throw DecodeError(code: status) }
        // Copied out at its size: the buffer was made for `maxSide` × `maxSide`, and a
        // picture that is not square would keep the whole of it (`byteCount` too low).
        let size = Int(width) * Int(height) * 4
        return Picture(width: Int(width), height: Int(height), unchecked: size == output.count ? output : Array(output[..<size]))
    }

    /// The same picture box-filtered (alpha-weighted) to `width` × `height`.
    public func scaled(width: Int, height: Int) -> Picture? {
        guard width > 0, height > 0, width <= Int(PORTAL_IMAGE_MAX_TARGET), height <= Int(PORTAL_IMAGE_MAX_TARGET) else { return nil }
        if width == self.width, height == self.height { return self }
        var output = [UInt8](repeating: 0, count: width * height * 4)
        let status = rgba.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                portal_scale_rgba(source.baseAddress, Int32(self.width), Int32(self.height), target.baseAddress, Int32(width), Int32(height))
            }
        }
        guard status == PORTAL_IMAGE_OK else { return nil }
        return Picture(width: width, height: height, unchecked: output)
    }

    /// The pixel at (x, y), counted from the top left.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    /// Bytes held, for a cache bounded by size.
    public var byteCount: Int { rgba.count }

    private init(width: Int, height: Int, unchecked rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Why decoding failed (the C decoder's code).
    public struct DecodeError: Error, Sendable, Hashable, CustomStringConvertible {
        public let code: Int32
        public var description: String {
            switch code {
            case Int32(PORTAL_IMAGE_UNKNOWN_FORMAT): "not a JPEG or PNG image"
            case Int32(PORTAL_IMAGE_CORRUPT): "corrupt image"
            case Int32(PORTAL_IMAGE_BAD_ARGUMENT): "bad image size"
            case Int32(PORTAL_IMAGE_TOO_LARGE): "image too large"
            case Int32(PORTAL_IMAGE_NO_MEMORY): "out of memory"
            default: "image error \(code)"
            }
        }
    }
}
