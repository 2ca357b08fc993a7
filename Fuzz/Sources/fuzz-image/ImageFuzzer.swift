import PortalImage

/// libFuzzer target: avatar bytes through `AvatarImage.decode`, i.e. the C shim's
/// `portal_decode_image` (libjpeg-turbo, libpng, the box filter), built with ASan.
///
/// The first two bytes choose the target size (1…64 pixels a side, as the detail pane
/// asks for small sizes); the rest is the image. A decoded image is scaled once more,
/// to the transposed size, through `portal_scale_rgb`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 2 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let width = Int(bytes[0] % 64) + 1
    let height = Int(bytes[1] % 64) + 1
    guard let image = try? AvatarImage.decode(bytes.dropFirst(2), width: width, height: height) else { return 0 }
    precondition(image.width == width && image.height == height && image.pixels.count == width * height * 3)
    let scaled = image.scaled(width: height, height: width)
    precondition(scaled?.pixels.count == width * height * 3)
    return 0
}
