import PortalImage

/// libFuzzer target: picture bytes through `Picture.decode`, i.e. the C shim's
/// `portal_decode_picture` (libjpeg-turbo, libpng, the alpha-weighted box filter), then
/// libchafa through `PictureRenderer` (symbol cells and sixel bytes), built with ASan.
///
/// The first two bytes choose the largest side kept (1…64 pixels) and the cells drawn
/// (1…16 × 1…8); the rest is the image. A decoded image fits the side it was given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 2 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let side = Int(bytes[0] % 64) + 1
    let columns = Int(bytes[1] % 16) + 1, rows = Int(bytes[1] / 16 % 8) + 1
    guard let picture = try? Picture.decode(bytes.dropFirst(2), maxSide: side) else { return 0 }
    precondition(picture.width <= side && picture.height <= side && picture.rgba.count == picture.width * picture.height * 4)
    let scaled = picture.scaled(width: picture.height, height: picture.width)
    precondition(scaled?.rgba.count == picture.width * picture.height * 4)
    let cells = PictureRenderer.symbols(picture, columns: columns, rows: rows, palette: .indexed256)
    precondition(cells?.cells.count == columns * rows)
    precondition(PictureRenderer.pixels(picture, columns: columns, rows: rows, cellWidth: 8, cellHeight: 16, using: .sixel)?.isEmpty == false)
    return 0
}
