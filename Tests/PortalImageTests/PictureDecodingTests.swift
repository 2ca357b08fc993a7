import Foundation
import PortalImage
import Testing

/// The avatars of the offline snapshot: `PORTAL_DATA`, else `../shared/data` beside the package.
enum Avatars {
    static let folder: URL = {
        if let env = ProcessInfo.processInfo.environment["PORTAL_DATA"], !env.isEmpty {
            return URL(fileURLWithPath: env).appendingPathComponent("rickandmorty/avatars")
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/data/rickandmorty/avatars").standardizedFileURL
    }()

    static func bytes(_ id: Int) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent("\(id).jpeg")))
    }
}

/// One pixel's colour, alpha left out.
struct RGB: Equatable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
}

extension Picture {
    func rgb(x: Int, y: Int) -> RGB {
        let p = pixel(x: x, y: y)
        return RGB(red: p.red, green: p.green, blue: p.blue)
    }

    /// The average colour of the pixels in the rectangle.
    func average(x: Range<Int>, y: Range<Int>) -> (red: Double, green: Double, blue: Double) {
        var sum = (0.0, 0.0, 0.0)
        for row in y {
            for column in x {
                let p = pixel(x: column, y: row)
                sum.0 += Double(p.red)
                sum.1 += Double(p.green)
                sum.2 += Double(p.blue)
            }
        }
        let n = Double(x.count * y.count)
        return (sum.0 / n, sum.1 / n, sum.2 / n)
    }
}

@Suite("Picture decoding (C: libjpeg-turbo, libpng)")
struct PictureDecodingTests {
    @Test func jpegDecodesAndScales() throws {
        let bytes = try Avatars.bytes(1)
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let image = try Picture.decode(bytes, maxSide: 20)
        #expect(image.width == 20 && image.height == 20)
        #expect(image.rgba.count == 20 * 20 * 4)
        #expect(image.rgba.contains { $0 != 0 })
        // Rick's avatar: a light background at the top left corner, a pale blue-grey
        // face and hair in the middle — not black, not one flat colour.
        let corner = image.average(x: 0..<3, y: 0..<3)
        #expect(corner.red > 100 && corner.green > 100 && corner.blue > 100)
        let middle = image.average(x: 7..<13, y: 7..<13)
        #expect(middle.red + middle.green + middle.blue > 150)
        #expect(Set(stride(from: 0, to: image.rgba.count, by: 4).map { image.rgba[$0] }).count > 10)
    }

    @Test func pngNamedJpegIsSniffedAndDecodes() throws {
        let bytes = try Avatars.bytes(2)
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let image = try Picture.decode(bytes, maxSide: 16)
        #expect(image.width == 16 && image.height == 16)
        let all = image.average(x: 0..<16, y: 0..<16)
        #expect(all.red + all.green + all.blue > 100)
        #expect(Set(stride(from: 0, to: image.rgba.count, by: 4).map { image.rgba[$0] }).count > 10)
    }

    @Test func aSampleOfTheSnapshotDecodes() throws {
        for id in stride(from: 1, through: 826, by: 55) {
            let image = try Picture.decode(try Avatars.bytes(id), maxSide: 20)
            #expect(image.rgba.contains { $0 != 0 }, "avatar \(id)")
        }
    }

    @Test(arguments: [1, 2])
    func truncatedFileIsAnError(id: Int) throws {
        let bytes = try Avatars.bytes(id)
        for fraction in [0.9, 0.5, 0.1] {
            let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
            #expect(throws: Picture.DecodeError.self, "\(id).jpeg cut to \(fraction)") {
                try Picture.decode(cut, maxSide: 20)
            }
        }
    }

    @Test func corruptBytesAreAnError() throws {
        let unknown = #expect(throws: Picture.DecodeError.self) {
            try Picture.decode(Array("not an image".utf8), maxSide: 20)
        }
        #expect(unknown?.description == "not a JPEG or PNG image")
        #expect(throws: Picture.DecodeError.self) { try Picture.decode([UInt8](), maxSide: 20) }
        #expect(throws: Picture.DecodeError.self) { try Picture.decode([0xFF, 0xD8, 0xFF], maxSide: 20) }
        // The right magic followed by garbage.
        var rng = SystemRandomNumberGenerator()
        let noise = (0..<4000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        #expect(throws: Picture.DecodeError.self) { try Picture.decode([0xFF, 0xD8, 0xFF, 0xE0] + noise, maxSide: 20) }
        #expect(throws: Picture.DecodeError.self) {
            try Picture.decode([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + noise, maxSide: 20)
        }
        // A real header with its scan data overwritten.
        var jpeg = try Avatars.bytes(1)
        for i in (jpeg.count / 3)..<(jpeg.count - 2) { jpeg[i] = 0x00 }
        #expect(throws: Picture.DecodeError.self) { try Picture.decode(jpeg, maxSide: 20) }
        var png = try Avatars.bytes(2)
        for i in (png.count / 2)..<png.count { png[i] ^= 0x5A }
        #expect(throws: Picture.DecodeError.self) { try Picture.decode(png, maxSide: 20) }
    }

    @Test func badSizesAreAnError() throws {
        let bytes = try Avatars.bytes(1)
        #expect(throws: Picture.DecodeError.self) { try Picture.decode(bytes, maxSide: 0) }
        #expect(throws: Picture.DecodeError.self) { try Picture.decode(bytes, maxSide: 5000) }
    }

    @Test func boxFilterAverages() throws {
        // 2 × 2: red, green / blue, white → one pixel of their average.
        let image = try #require(Picture(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]))
        let one = try #require(image.scaled(width: 1, height: 1))
        #expect(one.rgb(x: 0, y: 0) == RGB(red: 128, green: 128, blue: 128))
        // Enlarging repeats pixels; the same size is the same image.
        let big = try #require(image.scaled(width: 4, height: 4))
        #expect(big.rgb(x: 1, y: 1) == RGB(red: 255, green: 0, blue: 0))
        #expect(big.rgb(x: 3, y: 3) == RGB(red: 255, green: 255, blue: 255))
        #expect(image.scaled(width: 2, height: 2) == image)
        #expect(Picture(width: 2, height: 2, rgba: [1, 2, 3]) == nil)
    }
}
