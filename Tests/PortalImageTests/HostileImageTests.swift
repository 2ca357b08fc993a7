import CImageShim
import Foundation
import PortalImage
import Testing

/// This process's resident memory as the kernel counts it (`/proc/self/status`), and its
/// high-water mark, which `/proc/self/clear_refs` can start afresh: how much one call
/// made the process grow at its peak, however briefly.
enum PeakMemory {
    struct Unavailable: Error {}

    /// How far the peak resident size rose above the size before `work` ran.
    static func growth(during work: () throws -> Void) throws -> Int {
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = try field("VmRSS")
        try work()
        return try field("VmHWM") - before
    }

    private static func field(_ name: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { throw Unavailable() }
        return kilobytes * 1024
    }
}

/// Images that claim far more pixels than an avatar needs, made here at run time (a flat
/// grey image compresses to almost nothing): each is refused from its header or decoded
/// at the size drawn, so the peak memory of a decode stays small. Serialized so that the
/// measurements do not overlap.
@Suite("Hostile image sizes", .serialized)
struct HostileImageTests {
    static let mebibyte = 1024 * 1024

    func flatImage(png: Bool, width: Int, height: Int, progressive: Bool = false) throws -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = portal_encode_flat_image(png ? 0 : 1, Int32(width), Int32(height), progressive ? 1 : 0, &bytes, &length)
        try #require(status == PORTAL_IMAGE_OK)
        let buffer = try #require(bytes)
        defer { free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }

    func expectTooLarge(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: Picture.DecodeError.self, sourceLocation: sourceLocation) {
            try Picture.decode(bytes, maxSide: 20)
        }
        #expect(error?.code == Int32(PORTAL_IMAGE_TOO_LARGE), "\(String(describing: error))", sourceLocation: sourceLocation)
    }

    /// A picture keeps the bytes of its pixels, not the square buffer it was decoded into:
    /// a wide banner kept 147 KiB for 38 (and said 38 to the caches' byte budgets).
    @Test func aPictureThatIsNotSquareKeepsOnlyItsPixels() throws {
        let picture = try Picture.decode(try flatImage(png: true, width: 400, height: 100))
        #expect(picture.width == 192 && picture.height == 48)
        #expect(picture.byteCount == 192 * 48 * 4)
        #expect(picture.rgba.capacity < 2 * picture.byteCount, "capacity \(picture.rgba.capacity)")
    }

    @Test func aPNGBombIsRefusedBeforeItsPixelsAreAllocated() throws {
        // 4096 × 4096: 50 MB of pixels in a file of about 50 KB.
        let bomb = try flatImage(png: true, width: 4096, height: 4096)
        #expect(bomb.count < 256 * 1024)
        let growth = try PeakMemory.growth {
            expectTooLarge(bomb)
        }
        #expect(growth < 32 * Self.mebibyte, "decoding the PNG bomb grew the process by \(growth / Self.mebibyte) MiB")
    }

    @Test func aHugeProgressiveJPEGIsRefusedBeforeItsCoefficientsAreAllocated() throws {
        // A progressive JPEG keeps every DCT coefficient until its last scan: for 4096 ×
        // 4096 that is about 50 MB, whatever the DCT scaling.
        let huge = try flatImage(png: false, width: 4096, height: 4096, progressive: true)
        let growth = try PeakMemory.growth {
            expectTooLarge(huge)
        }
        #expect(growth < 32 * Self.mebibyte, "decoding the JPEG grew the process by \(growth / Self.mebibyte) MiB")
    }

    @Test func theCapCountsPixelsNotSides() throws {
        // Each side is allowed; together they are over 2048 × 2048.
        let long = try flatImage(png: true, width: 8192, height: 600)
        expectTooLarge(long)
        let atTheCap = try flatImage(png: true, width: 2048, height: 2048)
        let image = try Picture.decode(atTheCap, maxSide: 20)
        #expect(image.rgb(x: 10, y: 10) == RGB(red: 0x80, green: 0x80, blue: 0x80))
    }

    @Test func aHugeBaselineJPEGIsDecodedAtTheSizeDrawn() throws {
        // 6144 × 6144 in full would be 113 MB of RGB; scaled by 1/8 while decoding (the
        // smallest DCT scale still above 20 × 20) it is 768 × 768, under 2 MiB.
        let huge = try flatImage(png: false, width: 6144, height: 6144)
        var image: Picture?
        let growth = try PeakMemory.growth {
            image = try Picture.decode(huge, maxSide: 20)
        }
        let pixel = try #require(image).pixel(x: 10, y: 10)
        #expect(abs(Int(pixel.red) - 0x80) <= 2 && abs(Int(pixel.green) - 0x80) <= 2)
        #expect(growth < 32 * Self.mebibyte, "a 6144 × 6144 JPEG grew the process by \(growth / Self.mebibyte) MiB")
    }
}
