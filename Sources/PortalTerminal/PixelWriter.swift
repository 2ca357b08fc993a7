import CNcurses
import CPortalShim
import PortalImage
import PortalUI
#if canImport(Glibc)
import Glibc
#endif

/// Writes real pixels (sixel or kitty graphics) over cells ncurses keeps blank, after
/// ncurses has drawn the frame, and takes them away when their place moves or closes.
///
/// A frame's placements are compared with those on the terminal: an unchanged one writes
/// nothing; one that is gone is erased before ncurses draws (sixel: the cells under it are
/// written blank again, which is what ncurses believes they hold; kitty: every image is
/// deleted and the frame's placed again). New ones are written after ncurses' update,
/// with the cursor saved and restored around them so ncurses' idea of it stays true. The
/// bytes come from `PictureRenderer`, i.e. from decoded pixels only. Used only by
/// `NcursesScreen`, on the UI thread (not `Sendable`, like the screen).
final class PixelWriter {
    let pixelProtocol: PictureRenderer.PixelProtocol
    /// What the terminal shows now.
    private var shown: [PixelPlacement] = []
    /// Bytes made for a placement, so a picture placed again costs no rendering.
    private var rendered: [PixelPlacement: [UInt8]] = [:]
    /// The cell size in pixels when the kernel does not say (`--pictures` on a terminal
    /// that reports no pixel size): xterm's default font.
    static let fallbackCell = (width: 10, height: 20)

    init(pixelProtocol: PictureRenderer.PixelProtocol) {
        self.pixelProtocol = pixelProtocol
    }

    /// Before ncurses' update: erases what is shown and not placed this frame.
    func eraseGone(keeping frame: [PixelPlacement], output: UnsafeMutablePointer<FILE>) {
        let gone = shown.filter { !frame.contains($0) }
        guard !gone.isEmpty else { return }
        var bytes: [UInt8] = []
        switch pixelProtocol {
        case .kitty:
            // Every image off; the frame's are placed again below.
            bytes += Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
            shown = []
        case .sixel:
            bytes += Array("\u{1B}7\u{1B}[0m".utf8)
            for placement in gone {
                let blank = [UInt8](repeating: UInt8(ascii: " "), count: placement.cells.width)
                for row in placement.cells.top..<placement.cells.bottom {
                    bytes += Array("\u{1B}[\(row + 1);\(placement.cells.left + 1)H".utf8)
                    bytes += blank
                }
            }
            bytes += Array("\u{1B}8".utf8)
            shown.removeAll { gone.contains($0) }
        }
        write(bytes, to: output)
    }

    /// After ncurses' update: writes the frame's placements the terminal does not show yet.
    func placeNew(_ frame: [PixelPlacement], output: UnsafeMutablePointer<FILE>) {
        let new = frame.filter { !shown.contains($0) }
        guard !new.isEmpty else { return }
        let cell = cellSize()
        var bytes: [UInt8] = []
        for placement in new {
            guard let image = render(placement, cell: cell) else { continue }
            bytes += Array("\u{1B}7\u{1B}[\(placement.cells.top + 1);\(placement.cells.left + 1)H".utf8)
            bytes += image
            bytes += Array("\u{1B}8".utf8)
            shown.append(placement)
        }
        write(bytes, to: output)
        if rendered.count > 256 { rendered = rendered.filter { entry in shown.contains(entry.key) } }
    }

    /// The terminal was repainted from scratch (a resize, a resume): nothing is shown.
    func forgetShown() {
        shown = []
    }

    /// Takes every picture off the terminal (before giving it back).
    func clearAll(output: UnsafeMutablePointer<FILE>) {
        if pixelProtocol == .kitty, !shown.isEmpty { write(Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8), to: output) }
        shown = []
    }

    private func render(_ placement: PixelPlacement, cell: (width: Int, height: Int)) -> [UInt8]? {
        if let known = rendered[placement] { return known }
        var bytes = PictureRenderer.pixels(placement.picture, columns: placement.cells.width, rows: placement.cells.height,
                                           cellWidth: cell.width, cellHeight: cell.height, using: pixelProtocol)
        // Kitty: quiet (no answers into the input) and the cursor left where it was.
        if pixelProtocol == .kitty, let raw = bytes { bytes = Self.quietKitty(raw) }
        rendered[placement] = bytes
        return bytes
    }

    /// Adds `q=2` to each kitty command's keys, so the terminal sends no reply to read.
    static func quietKitty(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var index = 0
        let start: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
        while index < bytes.count {
            if index + 3 <= bytes.count, Array(bytes[index..<index + 3]) == start {
                out += start
                out += Array("q=2,".utf8)
                index += 3
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    private func cellSize() -> (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        if portal_window_pixels(STDOUT_FILENO, &width, &height) == 0, width > 0, height > 0, width <= 64, height <= 64 {
            return (Int(width), Int(height))
        }
        return Self.fallbackCell
    }

    private func write(_ bytes: [UInt8], to output: UnsafeMutablePointer<FILE>) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { buffer in _ = fwrite(buffer.baseAddress, 1, buffer.count, output) }
        fflush(output)
    }
}
