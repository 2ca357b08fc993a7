import Foundation
import PortalCore
import PortalTestSupport
import PortalImage
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

@MainActor
@Suite("Avatar in the detail pane")
struct AvatarTests {
    func loaded(_ size: Size = Size(columns: 80, rows: 24), inner: any Transport = TestData.snapshot) async -> Harness {
        let h = Harness(size: size, inner: inner, avatars: true)
        await h.runner.drain(into: h.controller)
        return h
    }

    /// The cells drawn with half blocks in indexed colours.
    func avatarCells(_ screen: TextScreen) -> [(row: Int, column: Int)] {
        var out: [(Int, Int)] = []
        for row in 0..<screen.size.rows {
            for column in 0..<screen.size.columns {
                let cell = screen.cell(row: row, column: column)
                guard cell.text == "▀", case .indexed = cell.style.foreground, case .indexed = cell.style.background else { continue }
                out.append((row, column))
            }
        }
        return out
    }

    @Test func openingRickFetchesHisAvatarOnceAndDrawsIt() async {
        let h = await loaded()
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.avatarRequests == 1)
        #expect(h.transport.episodeRequests == 1)
        #expect(h.transport.urls.contains("https://rickandmortyapi.com/api/character/avatar/1.jpeg"))
        #expect(h.runner.log.filter { if case .fetchAvatar = $0 { true } else { false } }.count == 1)
        #expect(h.controller.pane?.avatar?.width == AvatarOutcome.pixels)
        let screen = h.screen()
        // 80 × 24: the pane is over the grid, 78 columns of text → a 20 × 10 avatar at the
        // top right, the episodes still listed below it.
        let cells = avatarCells(screen)
        #expect(cells.count == 20 * 10)
        #expect(Set(cells.map(\.row)) == Set(1...10))
        #expect(Set(cells.map(\.column)) == Set(59...78))
        #expect(screen.text.contains("S01E01 Pilot"))
        #expect(screen.text.contains("Rick Sanchez"))
        // Reopening uses the interpreter's cache: no request at all.
        h.press(.escape, .enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.avatarRequests == 1)
        #expect(h.transport.episodeRequests == 1)
        #expect(avatarCells(h.screen()).count == 200)
        expectGolden(h.screen().text, "detail-avatar-80x24")
    }

    @Test func besideTheGridItIsSmaller() async {
        let h = await loaded(Size(columns: 120, rows: 30))
        h.press(.right, .enter)  // Morty: his avatar 2.jpeg is a PNG
        await h.runner.drain(into: h.controller)
        #expect(h.transport.urls.contains { $0.hasSuffix("/character/avatar/2.jpeg") })
        let cells = avatarCells(h.screen())
        #expect(cells.count == 16 * 8)
        // The text beside it is cut short, never drawn over.
        let screen = h.screen()
        #expect(screen.text.contains("Morty Smith"))
        #expect(screen.text.contains("Episodes  51"))
    }

    @Test func tooSmallAPaneShowsNoAvatar() async {
        let h = await loaded(Size(columns: 40, rows: 12))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.pane?.avatar != nil)
        #expect(avatarCells(h.screen()).isEmpty)
    }

    @Test func withoutColourThePaneLooksAsBefore() async {
        let h = await loaded()
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        // The controller can skip the request altogether (the terminal does with NO_COLOR).
        let plain = Harness(size: Size(columns: 80, rows: 24), avatars: false)
        await plain.runner.drain(into: plain.controller)
        plain.press(.enter)
        await plain.runner.drain(into: plain.controller)
        #expect(plain.transport.avatarRequests == 0)
        for count in [0, 8] {
            let screen = h.screen(colorCount: count)
            #expect(avatarCells(screen).isEmpty)
            #expect(screen.text == plain.screen().text)
        }
        // Without an avatar the pane is the recorded one of the golden tests.
        expectGolden(plain.screen().text, "detail-80x24")
    }

    @Test func resultAfterCloseIsDropped() async {
        let h = await loaded()
        h.press(.enter, .escape)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.pane == nil)
        #expect(avatarCells(h.screen()).isEmpty)
        // It was kept, though: opening again draws it with no request.
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.pane?.avatar != nil)
        #expect(h.transport.avatarRequests == 1)
    }

    @Test func resultForAnotherCharacterOrPaneIsDropped() async throws {
        let h = await loaded(Size(columns: 120, rows: 30))
        h.press(.enter)  // Rick: episodes, then avatar
        let rickPane = try #require(h.controller.pane?.address)
        h.press(.escape, .right, .enter)  // Morty
        #expect(h.controller.pane?.item?.rawID == 2)
        #expect(h.runner.log.contains(.cancel(rickPane)), "closing Rick's pane cancels its work")
        var rickAvatar: AppMessage?
        var others: [AppMessage] = []
        while let message = await h.runner.takeNext() {
            if case .avatar(let pane, _, _) = message, pane == rickPane { rickAvatar = message } else { others.append(message) }
        }
        let stale = try #require(rickAvatar)
        h.send(.message(stale))
        #expect(h.controller.pane?.avatar == nil)
        // A stale pane of the same character is dropped too.
        guard case .avatar(_, let avatarID, let outcome) = stale else {
            Issue.record("not an avatar result: \(stale)")
            return
        }
        h.press(.escape, .left, .enter)  // Rick again, a new pane
        #expect(h.controller.pane?.item?.rawID == 1)
        h.controller.pane?.avatar = nil
        h.send(.message(.avatar(rickPane, avatarID: avatarID, outcome)))
        #expect(h.controller.pane?.avatar == nil)
        for message in others { h.send(.message(message)) }
    }

    @Test func corruptAndTruncatedAvatarsAreNotDrawn() async throws {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: TestData.folder).appendingPathComponent("rickandmorty/avatars/1.jpeg"))
        let png = try Data(contentsOf: URL(fileURLWithPath: TestData.folder).appendingPathComponent("rickandmorty/avatars/2.jpeg"))
        let bodies = [Data("<html>oops</html>".utf8), jpeg.prefix(jpeg.count / 2), png.prefix(png.count / 2), Data()]
        for body in bodies {
            let answers = AvatarAnswers()
            answers.set(status: 200, body: body)
            let h = await loaded(inner: answers)
            h.press(.enter)
            await h.runner.drain(into: h.controller)
            #expect(h.controller.pane?.avatar == nil)
            let text = h.screen().text
            #expect(avatarCells(h.screen()).isEmpty)
            #expect(text.contains("S01E01 Pilot"))
            #expect(!text.contains("error"))
            // Undecodable bytes are not asked for again.
            h.press(.escape, .enter)
            await h.runner.drain(into: h.controller)
            #expect(h.transport.avatarRequests == 1)
        }
    }

    @Test func aTransientFailureIsAskedAgainOnTheNextOpening() async {
        let answers = AvatarAnswers()
        answers.set(status: 503, body: Data())
        let h = await loaded(inner: answers)
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        #expect(h.controller.pane?.avatar == nil)
        #expect(!h.screen().text.contains("error"))
        answers.clear()
        h.press(.escape, .enter)
        await h.runner.drain(into: h.controller)
        #expect(h.transport.avatarRequests == 2)
        #expect(h.transport.episodeRequests == 1)
        #expect(h.controller.pane?.avatar != nil)
    }

    @Test func theAvatarScrollsWithThePane() async throws {
        let h = await loaded(Size(columns: 80, rows: 24))
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let pane = try #require(h.controller.pane)
        pane.scroll(by: 3, viewRows: h.controller.layout.detail.height)
        let cells = avatarCells(h.screen())
        #expect(cells.count == 20 * 7)
        #expect(cells.map(\.row).min() == 1)
        h.press(.end)
        #expect(avatarCells(h.screen()).isEmpty)
    }
}
