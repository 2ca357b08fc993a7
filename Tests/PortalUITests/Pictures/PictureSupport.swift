import CImageShim
import Foundation
import PortalCore
import PortalTestSupport
@testable import PortalUI
import Synchronization
import Testing

/// Answers avatar requests with fixed bytes and status (everything else goes through).
final class AvatarAnswers: Transport {
    private let inner: any Transport
    private let answer = Mutex<(status: Int, body: Data)?>(nil)

    init(_ inner: any Transport = TestData.snapshot) { self.inner = inner }

    func set(status: Int, body: Data) { answer.withLock { $0 = (status, body) } }
    func clear() { answer.withLock { $0 = nil } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if request.url.path.contains("/character/avatar/"), let (status, body) = answer.withLock({ $0 }) {
            return HTTPResponse(status: status, body: body)
        }
        return try await inner.send(request)
    }
}

/// Answers avatar `N` with a flat PNG in a colour made from N (`colour(of:)`), so a test
/// can tell from the cells which item's picture a card shows.
final class ColourAvatars: Transport {
    private let inner: any Transport
    /// The avatars' side in pixels (192: as large as a decoded avatar is kept).
    private let side: Int32
    init(_ inner: any Transport = TestData.snapshot, side: Int32 = 8) {
        self.inner = inner
        self.side = side
    }

    static func colour(of id: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8(truncatingIfNeeded: id * 37 + 11), UInt8(truncatingIfNeeded: id * 91 + 7), UInt8(truncatingIfNeeded: id * 53 + 101))
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.url.path
        guard path.contains("/character/avatar/"), let id = Int(request.url.deletingPathExtension().lastPathComponent) else {
            return try await inner.send(request)
        }
        let (r, g, b) = Self.colour(of: id)
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard portal_encode_solid_png(side, side, r, g, b, &bytes, &length) == PORTAL_IMAGE_OK, let bytes else {
            return HTTPResponse(status: 500, body: Data())
        }
        defer { free(bytes) }
        return HTTPResponse(status: 200, headers: ["content-type": "image/png"], body: Data(bytes: bytes, count: length))
    }
}

extension TextScreen {
    /// The cells drawn in picture colours (palette or 24-bit), row by row.
    var pictureCells: [(row: Int, column: Int)] {
        var out: [(Int, Int)] = []
        for row in 0..<size.rows {
            for column in 0..<size.columns where cell(row: row, column: column).style.isPicture {
                out.append((row, column))
            }
        }
        return out
    }

    /// The picture colours that show in `rect` (a blank cell shows only its background,
    /// a full block only its foreground).
    func pictureColours(in rect: Rect) -> Set<Color> {
        var out: Set<Color> = []
        for row in rect.top..<min(rect.bottom, size.rows) {
            for column in rect.left..<min(rect.right, size.columns) {
                let cell = cell(row: row, column: column)
                let shown: [Color] = switch cell.text {
                case " ": [cell.style.background]
                case "█": [cell.style.foreground]
                default: [cell.style.foreground, cell.style.background]
                }
                for color in shown where color.isPicture { out.insert(color) }
            }
        }
        return out
    }
}

extension Style {
    var isPicture: Bool { foreground.isPicture || background.isPicture }
}

extension Color {
    var isPicture: Bool {
        switch self {
        case .indexed, .rgb: true
        default: false
        }
    }
}

extension EffectQueue {
    /// The picture fetches the controller asked for, in order.
    var pictureFetches: [PictureTicket] {
        log.compactMap { if case .fetchPicture(let ticket, _) = $0 { ticket } else { nil } }
    }

    var pictureCancels: [PictureTicket] {
        log.compactMap { if case .cancelPicture(let ticket) = $0 { ticket } else { nil } }
    }
}

extension ColourAvatars {
    /// Expects every card wholly on `screen` (the grid `grid` drawn in `rect`) to show only
    /// its own item's colour; returns how many cards were checked.
    @MainActor
    static func expectOwnColours(on screen: TextScreen, grid: GridState, in rect: Rect) -> Int {
        var checked = 0
        for index in grid.visibleRange {
            let top = rect.top + (grid.row(of: index) - grid.offsetRows) * grid.cardHeight
            guard top + CardView.pictureRows <= rect.bottom else { continue }
            let left = rect.left + (index % grid.columns) * grid.cardWidth + 1
            let colours = screen.pictureColours(in: Rect(top: top, left: left, width: CardView.pictureColumns, height: CardView.pictureRows))
            let (r, g, b) = colour(of: index + 1)
            #expect(colours == [.rgb(r, g, b)], "card \(index + 1) shows \(colours)")
            checked += 1
        }
        return checked
    }
}
