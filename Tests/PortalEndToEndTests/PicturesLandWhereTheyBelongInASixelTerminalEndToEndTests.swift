import Foundation
import PortalImage
import Testing

/// portal in a real terminal that speaks sixel: xterm emulating a VT340 under a virtual X
/// server, screenshots by `scripts/screenshots.sh`. Nothing is faked: `--pictures auto`
/// asks xterm, which answers that it has sixel; the picture in the detail pane is then
/// real pixels, and the screenshot shows whether they arrived where the picture belongs.
@Suite("Pictures in a real sixel terminal (xterm -ti vt340 under Xvfb)", .serialized)
struct PicturesLandWhereTheyBelongInASixelTerminalEndToEndTests {
    static let tools = ["Xvfb", "xterm", "xdotool", "import", "bash"]
    static let missingTools: [String] = tools.filter { tool in
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return !path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }
    static let canRun = missingTools.isEmpty && EndToEndEnvironment.canRunBinary

    /// 100 × 30: the pane sits beside the grid, 40 columns wide; its text area starts at
    /// column 62 and is 37 wide, so the picture is 16 × 8 cells at row 1, column 83
    /// (`DetailView.avatarCells`, right-aligned).
    static let columns = 100, rows = 30
    static let pictureCells = (top: 1, left: 83, width: 16, height: 8)

    @Test(.enabled(if: canRun, "needs Xvfb, xterm, xdotool and ImageMagick (make deps installs them: xvfb xterm xdotool imagemagick), a built portal and the snapshot"))
    func theDetailPaneShowsRealPixelsThatMatchTheAvatarFarBetterThanSymbols() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("portal-sixel-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var environment = ProcessInfo.processInfo.environment
        guard let portal = EndToEndEnvironment.portal, let data = EndToEndEnvironment.dataFolder else {
            Issue.record("no portal binary or snapshot to drive")
            return
        }
        environment["PORTAL"] = portal
        environment["DATA"] = data
        environment["COLUMNS_"] = "\(Self.columns)"
        environment["ROWS_"] = "\(Self.rows)"
        let script = EndToEndEnvironment.packageRoot.appendingPathComponent("scripts/screenshots.sh").path
        let run = try Spawn.run("/bin/bash", [script, scratch.path], environment: environment, scratch: scratch)
        try #require(run.status == 0, "screenshots.sh failed: \(run.stderr)")
        // Kept for a person to look at: .build/e2e-screenshots/{grid,detail}.png.
        let kept = EndToEndEnvironment.packageRoot.appendingPathComponent(".build/e2e-screenshots")
        try? FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        for name in ["grid.png", "detail.png"] {
            try? FileManager.default.removeItem(at: kept.appendingPathComponent(name))
            try? FileManager.default.copyItem(at: scratch.appendingPathComponent(name), to: kept.appendingPathComponent(name))
        }
        let shot = try Picture.decode(Array(try Data(contentsOf: scratch.appendingPathComponent("detail.png"))), maxSide: 1024)
        // The window is exactly the cells (no border): a cell's size in pixels.
        try #require(shot.width % Self.columns == 0 && shot.height % Self.rows == 0, "window \(shot.width) × \(shot.height)")
        let cw = shot.width / Self.columns, ch = shot.height / Self.rows
        let cells = Self.pictureCells
        let region = try #require(crop(shot, x: cells.left * cw, y: cells.top * ch, width: cells.width * cw, height: cells.height * ch))

        let avatar = URL(fileURLWithPath: try #require(EndToEndEnvironment.dataFolder)).appendingPathComponent("rickandmorty/avatars/1.jpeg")
        let source = try Picture.decode(Array(try Data(contentsOf: avatar)))
        let expected = try #require(source.scaled(width: region.width, height: region.height))
        let pixels = try #require(PictureFidelity.meanDeltaE(region, expected))

        // What symbols would show there at best (a font drawing every block exactly).
        let symbolCells = try #require(PictureRenderer.symbols(source, columns: cells.width, rows: cells.height, palette: .indexed256))
        let symbols = try #require(PictureFidelity.rasterize(symbolCells, cellWidth: cw, cellHeight: ch, background: (255, 255, 255)))
        let symbolsDeltaE = try #require(PictureFidelity.meanDeltaE(symbols, expected))
        // And what an empty pane shows: the background.
        let blank = try #require(Picture(width: region.width, height: region.height, rgba: [UInt8](repeating: 255, count: region.width * region.height * 4)))
        let blankDeltaE = try #require(PictureFidelity.meanDeltaE(blank, expected))

        let figures = "mean ΔE against the source: sixel pixels \(pixels), symbols at best \(symbolsDeltaE), blank \(blankDeltaE)\n"
        try? figures.write(to: kept.appendingPathComponent("fidelity.txt"), atomically: true, encoding: .utf8)
        #expect(pixels < 0.6 * symbolsDeltaE, "ΔE pixels \(pixels), symbols \(symbolsDeltaE), blank \(blankDeltaE)")
        #expect(pixels < 0.3 * blankDeltaE, "ΔE pixels \(pixels), blank \(blankDeltaE)")
        // The grid's cards got pixels too: Rick's card at the top left is not blank.
        let grid = try Picture.decode(Array(try Data(contentsOf: scratch.appendingPathComponent("grid.png"))), maxSide: 1024)
        let card = try #require(crop(grid, x: 1 * cw, y: 1 * ch, width: 10 * cw, height: 5 * ch))
        let cardExpected = try #require(source.scaled(width: card.width, height: card.height))
        let cardBlank = try #require(Picture(width: card.width, height: card.height, rgba: [UInt8](repeating: 255, count: card.width * card.height * 4)))
        #expect(try #require(PictureFidelity.meanDeltaE(card, cardExpected)) < 0.5 * (try #require(PictureFidelity.meanDeltaE(cardBlank, cardExpected))))
    }

    private func crop(_ picture: Picture, x: Int, y: Int, width: Int, height: Int) -> Picture? {
        guard x >= 0, y >= 0, width > 0, height > 0, x + width <= picture.width, y + height <= picture.height else { return nil }
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * picture.width + x) * 4
            rgba += picture.rgba[start..<(start + width * 4)]
        }
        return Picture(width: width, height: height, rgba: rgba)
    }
}
