import Foundation
import PortalCore
import PortalDemoModels
import PortalServers
import PortalRuntime
import PortalUI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Driving the controller in process

/// Feeds a controller with synthetic characters in batches of any size, through its own
/// update path: the controller's page effects are kept, and each is answered with the
/// next batch as a `.page` message.
@MainActor
final class Feeder {
    let controller: ScreenController
    let table: SyntheticCharacterTable
    let source = benchSource()
    var pending: [Effect] = []
    var delivered = 0

    init(base: [PortalDemoModels.Character], total: Int, size: Size) {
        table = SyntheticCharacterTable(base: base, count: total)
        controller = ScreenController(source: source, sourceLabel: "bench")
        send(.start(size))
    }

    /// Hands `event` to the controller and keeps the page effects it returns.
    func send(_ event: AppEvent) {
        pending += controller.update(event).filter { if case .fetchPage = $0 { true } else { false } }
    }

    /// The message answering the oldest page effect with the next `count` items (fewer at
    /// the end); nil when nothing was pending.
    func nextMessage(_ count: Int, isLast: Bool? = nil) -> AppMessage? {
        guard !pending.isEmpty, case .fetchPage(let list, let ticket, _, _) = pending.removeFirst() else { return nil }
        let upper = min(table.count, delivered + count)
        // Read as the interpreter reads a page (off the UI thread: not in the update's time).
        let items = characterRecords((delivered..<upper).lazy.map { self.table.item(at: $0) }, source: source)
        delivered = upper
        let last = isLast ?? (upper >= table.count)
        var next = last ? nil : URL(string: "\(baseAPI)/character?page=\(ticket.request.index + 2)").map { PageRequest(url: $0, index: ticket.request.index + 1) }
        next?.readLink()  // as the interpreter does where it decodes a page, off the UI thread
        var content = PageContent(items: items, next: next, totalCount: last ? table.count : nil)
        content.noteContentHashes()  // as the interpreter does, off the UI thread
        content.notePictures(source.pictureRequest(for:))  // likewise
        content.noteItemBytes()  // likewise
        return .page(list, ticket, .success(content))
    }

    /// Answers the oldest pending page request; false when nothing was pending.
    func deliver(_ count: Int, isLast: Bool? = nil) -> Bool {
        guard let message = nextMessage(count, isLast: isLast) else { return false }
        send(.message(message))
        return true
    }

    /// Answers every pending page request with the page it names, as the mirror serves it
    /// (20 a page, `info.count` the whole table) and as the interpreter decodes it: the
    /// list becomes addressable and holds only the pages asked for, as the browser holds a
    /// million rows. Returns how many pages were answered.
    @discardableResult
    func answerAddressed(encoding: APIJSONEncoding) -> Int {
        var answered = 0
        while !pending.isEmpty {
            guard case .fetchPage(let list, let ticket, let query, _) = pending.removeFirst() else { continue }
            let request = ticket.request
            let response = HTTPResponse(status: 200, headers: ["content-type": "application/json"],
                                        body: characterPage(request.index + 1, pageSize: 20, of: table, encoding: encoding))
            let result = Result { () throws(PageFailure) -> PageContent<Item> in
                var content = try source.decodePage(response, for: request, of: query)
                content.next?.readLink()
                content.noteContentHashes()
                content.notePictures(source.pictureRequest(for:))
                content.noteItemBytes()
                return content
            }
            send(.message(.page(list, ticket, result)))
            answered += 1
        }
        return answered
    }

    /// Loads everything in batches of `batch`, leaving the list exhausted.
    func loadAll(batch: Int) {
        while delivered < table.count {
            if pending.isEmpty { send(.key(.end)) }
            guard deliver(batch) else {
                log("the controller asked for no page at \(delivered)")
                return
            }
        }
    }
}
