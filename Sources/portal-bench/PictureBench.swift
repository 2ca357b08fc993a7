import Foundation
import PortalCore
import PortalDemoModels
import PortalImage
import PortalServers
import PortalUI

// MARK: - pictures: requests, duplicates, frame cost and fidelity of pictures on cards

/// A controller on an addressable list of synthetic characters whose pages and pictures
/// are answered at once, in process: pages from the table by index (as the mirror does),
/// pictures from the snapshot's decoded avatars. Counts every picture the planner asks for.
@MainActor
final class PictureDriver {
    let controller: ScreenController
    let table: SyntheticCharacterTable
    let pictures: [Int32: Picture]
    let source = benchSource()
    var fetched: [PictureTicket] = []
    private var pending: [Effect] = []
    static let pageSize = 20

    init(base: [PortalDemoModels.Character], total: Int, size: Size, pictures: [Int32: Picture]) {
        table = SyntheticCharacterTable(base: base, count: total)
        self.pictures = pictures
        controller = ScreenController(source: source, sourceLabel: "bench", pictures: .symbols)
        send(.start(size))
    }

    func send(_ event: AppEvent) {
        send([event])
    }

    /// Hands `events` to one update, as the terminal loop hands it what waited at a wake-up.
    func send(_ events: [AppEvent]) {
        for effect in controller.update(events) {
            switch effect {
            case .fetchPage: pending.append(effect)
            case .fetchPicture(let ticket, _):
                fetched.append(ticket)
                pending.append(effect)
            case .cancelPicture(let ticket): pending.removeAll { if case .fetchPicture(ticket, _) = $0 { true } else { false } }
            default: break
            }
        }
    }

    /// Answers everything asked for, and what the answers ask for, until nothing is left,
    /// with a frame after each as the terminal loop draws one (the frame is what tells the
    /// controller the screen's palette, so the pictures asked for come with their cards'
    /// symbol cells, as in the terminal).
    func settle() {
        let screen = TextScreen(size: controller.size)
        controller.render(into: screen)
        while !pending.isEmpty {
            send(.message(answer(pending.removeFirst())))
            controller.render(into: screen)
        }
    }

    /// The answers to what is pending now, made as the interpreter makes them (off the UI
    /// thread: not part of a frame), pages or pictures.
    func answers(pages: Bool) -> [AppMessage] {
        let now = pending.filter { effect in
            if case .fetchPage = effect { return pages }
            if case .fetchPicture = effect { return !pages }
            return false
        }
        pending.removeAll { now.contains($0) }
        return now.map(answer)
    }

    private func answer(_ effect: Effect) -> AppMessage {
        switch effect {
        case .fetchPage(let list, let ticket, _, _):
            let index = ticket.request.index
            let lower = min(table.count, index * Self.pageSize)
            let upper = min(table.count, lower + Self.pageSize)
            let items = characterRecords((lower..<upper).lazy.map { self.table.item(at: $0) }, source: source)
            let next = upper < table.count
                ? URL(string: "\(baseAPI)/character?page=\(index + 2)").map { PageRequest(url: $0, index: index + 1) } : nil
            return .page(list, ticket, .success(PageContent(items: items, next: next, totalCount: table.count)))
        case .fetchPicture(let ticket, let renderings):
            // As the interpreter does, off the UI thread: not in the frame's time.
            let id = Int32(ticket.request.url.deletingPathExtension().lastPathComponent) ?? 0
            guard let picture = pictures[id] else { return .picture(ticket, .missing("no picture"), rendered: [:]) }
            var rendered: [PictureRendering: PictureCells] = [:]
            for rendering in renderings { rendered[rendering] = rendering.render(picture) }
            return .picture(ticket, .picture(picture), rendered: rendered)
        default:
            fatalError("not answered here: \(effect)")
        }
    }
}

/// Decoded avatars of the snapshot, by avatar number (as the interpreter keeps them).
func loadPictures(_ base: [PortalDemoModels.Character]) -> [Int32: Picture] {
    var out: [Int32: Picture] = [:]
    let folder = URL(fileURLWithPath: dataFolder).appendingPathComponent("rickandmorty/avatars")
    for character in base {
        guard let bytes = try? Data(contentsOf: folder.appendingPathComponent("\(character.avatarID).jpeg")),
              let picture = try? Picture.decode(bytes) else { continue }
        out[character.avatarID] = picture
    }
    return out
}

@MainActor
func pictures() async {
    let base = loadBaseRecords()
    let pictures = loadPictures(base)
    log("pictures: \(pictures.count) avatars decoded")
    var figures: [(String, Double)] = []
    let size = Size(columns: 120, rows: 40)

    // At rest: the first screen of characters, every answer at once.
    let rest = PictureDriver(base: base, total: 826, size: size, pictures: pictures)
    rest.settle()
    let grid = rest.controller.grid
    let shown = grid.visibleRange.count
    let ahead = PicturePlanner.aheadIndices(visible: grid.visibleRange, columns: grid.columns, count: grid.itemCount, down: true).count
    figures.append(("picture_requests_at_rest", Double(rest.fetched.count)))
    figures.append(("picture_cards_at_rest", Double(shown + ahead)))
    log("pictures at rest (120×40): \(rest.fetched.count) asked; \(shown) cards on screen + \(ahead) ahead")

    // A jump to the end of a million.
    let million = PictureDriver(base: base, total: 1_000_000, size: size, pictures: pictures)
    million.settle()
    let before = million.fetched.count
    million.send(.key(.end))
    million.settle()
    let afterJump = Array(million.fetched.dropFirst(before))
    let end = million.controller.grid
    let around = Set(end.visibleRange).union(PicturePlanner.aheadIndices(visible: end.visibleRange, columns: end.columns,
                                                                         count: end.itemCount, down: false))
    let onTheWay = afterJump.filter { !around.contains(($0.item.id.number ?? 0) - 1) }.count
    figures.append(("picture_requests_after_jump_1m", Double(afterJump.count)))
    figures.append(("picture_requests_on_the_way_1m", Double(onTheWay)))
    log("pictures after G on 1M: \(afterJump.count) asked, \(onTheWay) not around the end")
    // Back to the top and down a few screens: nothing asked twice.
    million.send(.key(.home))
    million.settle()
    for _ in 0..<5 {
        million.send(.key(.pageDown))
        million.settle()
    }
    for _ in 0..<5 {
        million.send(.key(.pageUp))
        million.settle()
    }
    let duplicates = million.fetched.count - Set(million.fetched).count + rest.fetched.count - Set(rest.fetched).count
    figures.append(("picture_duplicates", Double(duplicates)))
    let store = million.controller.pictures
    log("pictures kept after 5 screens down and back: \(store.count) entries, \(store.offScreenBytes / 1024) KiB off screen "
        + "(budget \(store.maxBytes / 1024) KiB), \(store.bytes / 1024) KiB in all")

    // Frames with a picture on every card: key, redraw, the pictures' arrival, redraw.
    let frames = PictureDriver(base: base, total: 100_000, size: size, pictures: pictures)
    frames.settle()
    let screen = TextScreen(size: size)
    frames.controller.render(into: screen)
    var samples: [Double] = []
    var byKind: [String: [Double]] = [:]
    /// One turn of the loop: the events (one batch, one update), then one frame, timed
    /// together.
    func frame(_ events: [AppEvent], kind: String) {
        let start = threadCPUNanos()
        frames.send(events)
        frames.controller.render(into: screen)
        let micros = Double(threadCPUNanos() - start) / 1000
        samples.append(micros)
        byKind[kind, default: []].append(micros)
    }
    for round in 0..<6 {
        for key in [KeyInput.down, .up] {
            for _ in 0..<(round == 0 ? 20 : 150) {
                frame([.key(key)], kind: "key")
                // The answers arrive as the loop would take them from its mailbox.
                let pages = frames.answers(pages: true)
                if !pages.isEmpty { frame(pages.map { .message($0) }, kind: "pages") }
                let pictures = frames.answers(pages: false)
                if !pictures.isEmpty { frame(pictures.map { .message($0) }, kind: "pictures") }
            }
        }
        if round == 0 {  // warm-up
            samples.removeAll()
            byKind.removeAll()
        }
    }
    samples.sort()
    for (kind, values) in byKind.sorted(by: { $0.key < $1.key }) {
        let sorted = values.sorted()
        log("frames with pictures, \(kind): \(sorted.count), p50 \(Int(percentile(sorted, 50))) µs, p99 \(Int(percentile(sorted, 99))) µs")
    }
    figures.append(("frame_p50_us_pictures", percentile(samples, 50)))
    figures.append(("frame_p99_us_pictures", percentile(samples, 99)))
    log("frames with pictures: \(samples.count) frames, p50 \(String(format: "%.0f", percentile(samples, 50))) µs, p99 \(String(format: "%.0f", percentile(samples, 99))) µs")

    // Fidelity: the pane's 20 × 10 cells, old half-block renderer against libchafa's blocks.
    var old = 0.0, new = 0.0, truecolor = 0.0, n = 0.0
    var oldCells = 0.0, newCells = 0.0
    for character in base.prefix(826) where character.id % 7 == 1 {
        guard let picture = pictures[character.avatarID], let small = picture.scaled(width: 20, height: 20),
              let chafa = PictureRenderer.symbols(picture, columns: 20, rows: 10, palette: .indexed256),
              let chafa24 = PictureRenderer.symbols(picture, columns: 20, rows: 10, palette: .truecolor) else { continue }
        let halfBlocks = oldHalfBlocks(small)
        old += pixelDeltaE(picture, halfBlocks)
        new += pixelDeltaE(picture, chafa)
        truecolor += pixelDeltaE(picture, chafa24)
        oldCells += PictureFidelity.cellDeltaE(picture, halfBlocks) ?? 0
        newCells += PictureFidelity.cellDeltaE(picture, chafa) ?? 0
        n += 1
    }
    figures.append(("picture_fidelity_old", old / n))
    figures.append(("picture_fidelity", new / n))
    figures.append(("picture_fidelity_truecolor", truecolor / n))
    figures.append(("picture_fidelity_cells_old", oldCells / n))
    figures.append(("picture_fidelity_cells", newCells / n))
    log("picture fidelity (mean ΔE, 20×10 cells, \(Int(n)) avatars): old half blocks \(String(format: "%.2f", old / n)), libchafa 256 \(String(format: "%.2f", new / n)), 24-bit \(String(format: "%.2f", truecolor / n))")
    emit(figures)
}

/// Mean ΔE between the picture scaled to the cells' pixels (8 × 16 a cell) and the cells
/// drawn as a font drawing the blocks exactly would draw them.
func pixelDeltaE(_ picture: Picture, _ cells: PictureCells) -> Double {
    guard let shown = PictureFidelity.rasterize(cells, cellWidth: 8, cellHeight: 16, background: (0, 0, 0)),
          let target = picture.scaled(width: shown.width, height: shown.height) else { return .nan }
    return PictureFidelity.meanDeltaE(target, shown) ?? .nan
}

/// The renderer portal had before libchafa, for comparison only: a 20 × 20 box-filtered
/// picture in upper-half blocks, foreground the top pixel and background the bottom one,
/// each the nearest xterm palette colour.
func oldHalfBlocks(_ image: Picture) -> PictureCells {
    var cells: [PictureCell] = []
    for row in 0..<(image.height / 2) {
        for x in 0..<image.width {
            let top = image.pixel(x: x, y: 2 * row), bottom = image.pixel(x: x, y: 2 * row + 1)
            cells.append(PictureCell(symbol: "▀",
                                     foreground: .indexed(XtermPalette.index(red: top.red, green: top.green, blue: top.blue)),
                                     background: .indexed(XtermPalette.index(red: bottom.red, green: bottom.green, blue: bottom.blue))))
        }
    }
    return PictureCells(columns: image.width, rows: image.height / 2, cells: cells)
}
