import CImageShim

/// A small decoded picture: `width` × `height` pixels, 8-bit RGB, row by row.
///
/// Decoding is done in C (`CImageShim`): libjpeg reports errors through a handler that
/// must not return, which only C can turn into an error code. The format is sniffed from
/// the bytes (some avatars named `.jpeg` are PNG). Decoding takes milliseconds, so it
/// runs in background work, never on the UI thread.
public struct AvatarImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes: red, green, blue per pixel, rows top to bottom.
    public let pixels: [UInt8]

    /// One pixel's colour.
    public struct RGB: Sendable, Hashable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
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

    /// An image from raw RGB bytes; nil unless `pixels` holds exactly width × height × 3.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes a JPEG or PNG and box-filters it to exactly `width` × `height`.
    public static func decode(_ bytes: some Collection<UInt8>, width: Int, height: Int) throws(DecodeError) -> AvatarImage {
        guard width > 0, height > 0, width <= Int(PORTAL_IMAGE_MAX_TARGET), height <= Int(PORTAL_IMAGE_MAX_TARGET) else {
            throw DecodeError(code: Int32(PORTAL_IMAGE_BAD_ARGUMENT))
        }
        let input = Array(bytes)
        var output = [UInt8](repeating: 0, count: width * height * 3)
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                portal_decode_image(source.baseAddress, source.count, Int32(width), Int32(height), target.baseAddress)
            }
        }
        guard status == PORTAL_IMAGE_OK else { throw DecodeError(code: status) }
        return AvatarImage(uncheckedWidth: width, height: height, pixels: output)
    }

    /// The same picture box-filtered to `width` × `height` (self when already that size).
    public func scaled(width: Int, height: Int) -> AvatarImage? {
        guard width > 0, height > 0, width <= Int(PORTAL_IMAGE_MAX_TARGET), height <= Int(PORTAL_IMAGE_MAX_TARGET) else { return nil }
        if width == self.width, height == self.height { return self }
        var output = [UInt8](repeating: 0, count: width * height * 3)
        let status = pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                portal_scale_rgb(source.baseAddress, Int32(self.width), Int32(self.height), target.baseAddress, Int32(width), Int32(height))
            }
        }
        guard status == PORTAL_IMAGE_OK else { return nil }
        return AvatarImage(uncheckedWidth: width, height: height, pixels: output)
    }

    /// The pixel at (x, y), counted from the top left.
    public func pixel(x: Int, y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2])
    }

    private init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
