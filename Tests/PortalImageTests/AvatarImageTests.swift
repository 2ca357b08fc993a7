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

extension AvatarImage {
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

@Suite("Avatar decoding (C: libjpeg-turbo, libpng)")
struct AvatarImageTests {
    @Test func jpegDecodesAndScales() throws {
        let bytes = try Avatars.bytes(1)
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let image = try AvatarImage.decode(bytes, width: 20, height: 20)
        #expect(image.width == 20 && image.height == 20)
        #expect(image.pixels.count == 20 * 20 * 3)
        #expect(image.pixels.contains { $0 != 0 })
        // Rick's avatar: a light background at the top left corner, a pale blue-grey
        // face and hair in the middle — not black, not one flat colour.
        let corner = image.average(x: 0..<3, y: 0..<3)
        #expect(corner.red > 100 && corner.green > 100 && corner.blue > 100)
        let middle = image.average(x: 7..<13, y: 7..<13)
        #expect(middle.red + middle.green + middle.blue > 150)
        #expect(Set(stride(from: 0, to: image.pixels.count, by: 3).map { image.pixels[$0] }).count > 10)
    }

    @Test func pngNamedJpegIsSniffedAndDecodes() throws {
        let bytes = try Avatars.bytes(2)
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let image = try AvatarImage.decode(bytes, width: 16, height: 16)
        #expect(image.width == 16 && image.height == 16)
        let all = image.average(x: 0..<16, y: 0..<16)
        #expect(all.red + all.green + all.blue > 100)
        #expect(Set(stride(from: 0, to: image.pixels.count, by: 3).map { image.pixels[$0] }).count > 10)
    }

    @Test func aSampleOfTheSnapshotDecodes() throws {
        for id in stride(from: 1, through: 826, by: 55) {
            let image = try AvatarImage.decode(try Avatars.bytes(id), width: 20, height: 20)
            #expect(image.pixels.contains { $0 != 0 }, "avatar \(id)")
        }
    }

    @Test(arguments: [1, 2])
    func truncatedFileIsAnError(id: Int) throws {
        let bytes = try Avatars.bytes(id)
        for fraction in [0.9, 0.5, 0.1] {
            let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
            #expect(throws: AvatarImage.DecodeError.self, "\(id).jpeg cut to \(fraction)") {
                try AvatarImage.decode(cut, width: 20, height: 20)
            }
        }
    }

    @Test func corruptBytesAreAnError() throws {
        let unknown = #expect(throws: AvatarImage.DecodeError.self) {
            try AvatarImage.decode(Array("not an image".utf8), width: 20, height: 20)
        }
        #expect(unknown?.description == "not a JPEG or PNG image")
        #expect(throws: AvatarImage.DecodeError.self) { try AvatarImage.decode([UInt8](), width: 20, height: 20) }
        #expect(throws: AvatarImage.DecodeError.self) { try AvatarImage.decode([0xFF, 0xD8, 0xFF], width: 20, height: 20) }
        // The right magic followed by garbage.
        var rng = SystemRandomNumberGenerator()
        let noise = (0..<4000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        #expect(throws: AvatarImage.DecodeError.self) { try AvatarImage.decode([0xFF, 0xD8, 0xFF, 0xE0] + noise, width: 20, height: 20) }
        #expect(throws: AvatarImage.DecodeError.self) {
            try AvatarImage.decode([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + noise, width: 20, height: 20)
        }
        // A real header with its scan data overwritten.
        var jpeg = try Avatars.bytes(1)
        for i in (jpeg.count / 3)..<(jpeg.count - 2) { jpeg[i] = 0x00 }
        #expect(throws: AvatarImage.DecodeError.self) { try AvatarImage.decode(jpeg, width: 20, height: 20) }
        var png = try Avatars.bytes(2)
        for i in (png.count / 2)..<png.count { png[i] ^= 0x5A }
        #expect(throws: AvatarImage.DecodeError.self) { try AvatarImage.decode(png, width: 20, height: 20) }
    }

    @Test func badSizesAreAnError() throws {
        let bytes = try Avatars.bytes(1)
        #expect(throws: AvatarImage.DecodeError.self) { try AvatarImage.decode(bytes, width: 0, height: 20) }
        #expect(throws: AvatarImage.DecodeError.self) { try AvatarImage.decode(bytes, width: 20, height: 5000) }
    }

    @Test func boxFilterAverages() throws {
        // 2 × 2: red, green / blue, white → one pixel of their average.
        let image = try #require(AvatarImage(width: 2, height: 2, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]))
        let one = try #require(image.scaled(width: 1, height: 1))
        #expect(one.pixel(x: 0, y: 0) == AvatarImage.RGB(red: 128, green: 128, blue: 128))
        // Enlarging repeats pixels; the same size is the same image.
        let big = try #require(image.scaled(width: 4, height: 4))
        #expect(big.pixel(x: 1, y: 1) == AvatarImage.RGB(red: 255, green: 0, blue: 0))
        #expect(big.pixel(x: 3, y: 3) == AvatarImage.RGB(red: 255, green: 255, blue: 255))
        #expect(image.scaled(width: 2, height: 2) == image)
        #expect(AvatarImage(width: 2, height: 2, pixels: [1, 2, 3]) == nil)
    }
}
