import Foundation
import PortalCore
import PortalPresets
import PortalTestSupport
import PortalRuntime
import PortalUI
import Synchronization
import Testing

/// The controller's effects, queued so a test decides when each runs: each is run by the
/// real `EffectInterpreter` (the real source, transport and caches — no fake runner) and
/// its message handed back to `update`, whose effects join the queue.
@MainActor
final class EffectQueue {
    let interpreter: EffectInterpreter
    /// Fetch effects not yet run, oldest first.
    private(set) var pending: [Effect] = []
    /// Every effect the controller returned, in order (cancels and quit included).
    private(set) var log: [Effect] = []
    /// Interim messages posted by the last effect that ran, in order.
    private(set) var interim: [AppMessage] = []
    /// Background timers set (`Wake.isBackground`: the watch's, a rate reset's), oldest
    /// first: never run by `drain` (their time is the user's); a test takes them (`takeTimers`).
    private(set) var timers: [(after: Duration, wake: Wake)] = []

    init(interpreter: EffectInterpreter) { self.interpreter = interpreter }

    func enqueue(_ effects: [Effect]) {
        log += effects
        for effect in effects {
            switch effect {
            case .wakeAfter(let after, let wake) where wake.isBackground: timers.append((after, wake))
            case .fetchPage, .fetchItems, .fetchLink, .fetchPicture, .runJQ, .wakeAfter: pending.append(effect)
            // A picture no longer needed: a fetch not started yet never starts (as the
            // interpreter cancels its task); one already run may still be answered.
            case .cancelPicture(let ticket): pending.removeAll { if case .fetchPicture(ticket, _) = $0 { true } else { false } }
            case .cancelPage(let list, let request):
                // The interpreter would stop it: a cancelled page never answers.
                pending.removeAll { if case .fetchPage(list, let ticket, _, _) = $0 { ticket.request == request } else { false } }
            case .cancelPanePage(let pane, let key):
                // The interpreter would stop it: a cancelled pane page never answers.
                pending.removeAll { effect in
                    switch effect {
                    case .fetchItems(pane, .listPage(let page), _, _), .fetchLink(pane, .listPage(let page), _): page.key == key
                    default: false
                    }
                }
            case .cancel, .quit, .copyToClipboard, .openURL, .followEvents, .stopEvents: break
            }
        }
    }

    var isEmpty: Bool { pending.isEmpty }
    var count: Int { pending.count }

    /// Runs the oldest effect and returns its message without delivering it.
    func takeNext() async -> AppMessage? {
        guard !pending.isEmpty else { return nil }
        let effect = pending.removeFirst()
        let posted = Mailbox()
        let message = await interpreter.run(effect) { posted.post($0) }
        interim = posted.takeAll()
        return message
    }

    /// Runs the oldest effect and delivers its message (after the rate limit it posted,
    /// `AppMessage.rate`, as the mailbox would); false when nothing was queued.
    @discardableResult
    func runNext(into app: ScreenController) async -> Bool {
        guard let message = await takeNext() else { return false }
        for case .rate(let origin, let limit) in interim { enqueue(app.update(.message(.rate(origin, limit)))) }
        enqueue(app.update(.message(message)))
        return true
    }

    /// The background timers set so far, taken (the test decides when each is due).
    func takeTimers() -> [(after: Duration, wake: Wake)] {
        defer { timers = [] }
        return timers
    }

    /// Runs and delivers until nothing is queued (results may queue more work).
    @discardableResult
    func drain(into app: ScreenController, limit: Int = 500) async -> Int {
        var n = 0
        while n < limit, await runNext(into: app) { n += 1 }
        return n
    }
}

@MainActor
struct Harness {
    let transport: CountingTransport
    let runner: EffectQueue
    let controller: ScreenController

    /// Pictures are off unless asked for (`pictures`), so the other suites see exactly the
    /// page and related-item work they count (the picture suites turn them on).
    /// - Parameter sequential: the source's lists follow `next` links only (as a source
    ///   that cannot address pages), so End walks instead of jumping.
    init(size: Size, inner: any Transport = TestData.snapshot, retryPolicy: RetryPolicy = .none, start: Bool = true,
         pictures: PictureMode = .off, tab: Int = 0, filters: [(String, String)] = [], sequential: Bool = false, maxPages: Int = 1_000,
         source: (any Source)? = nil) {
        transport = CountingTransport(inner)
        let addressable = TestData.rickAndMorty()
        let source: any Source = source ?? (sequential ? NextLinksOnly(source: addressable) : addressable)
        runner = EffectQueue(interpreter: EffectInterpreter(source: source, transport: transport, retryPolicy: retryPolicy,
                                                            clock: ManualClock()))
        controller = ScreenController(source: source, sourceLabel: "offline snapshot", initialTab: tab, initialFilters: filters,
                                      pictures: pictures, maxPages: maxPages)
        if start { send(.start(size)) }
    }

    /// Hands one event to the controller and queues its effects; returns them.
    @discardableResult
    func send(_ event: AppEvent) -> [Effect] {
        let effects = controller.update(event)
        runner.enqueue(effects)
        return effects
    }

    func press(_ keys: KeyInput...) { for key in keys { send(.key(key)) } }

    func type(_ text: String) { for c in text { send(.key(.character(c))) } }

    /// Searches by name through the prompt and delivers the results.
    func search(_ text: String) async {
        press(.character("/"), .control("u"))
        type(text)
        press(.enter)
        await runner.drain(into: controller)
    }

    func screen(colorCount: Int = 256) -> TextScreen {
        let screen = TextScreen(size: controller.size, colorCount: colorCount)
        controller.render(into: screen)
        return screen
    }

    /// Ids of the active tab's items, in order.
    var ids: [Int] { controller.listView.loadedItems.map(\.rawID) }

    /// The page URLs asked for, in order (the transport's, so retries count).
    var pageURLs: [String] { transport.urls.filter { $0.contains("/character") && !$0.contains("/avatar/") } }
}

/// The real Rick and Morty source with its page addressing withheld: the browser sees a
/// source that only follows `next` links (as a cursor-paged API would be), so its lists
/// stay sequential. Every call goes to the real source.
struct NextLinksOnly: Source {
    let source: RickAndMortySource
    /// Where items' pictures are, in place of the source's (nil: the source's).
    var pictures: (@Sendable (Item) -> HTTPRequest?)?
    var title: String { source.title }
    var tabs: [TabSpec] { source.tabs }
    func firstPage(for query: ListQuery) -> PageRequest { source.firstPage(for: query) }
    func decodePage(_ response: HTTPResponse, for request: PageRequest, of query: ListQuery) throws(PageFailure) -> PageContent<Item> {
        try source.decodePage(response, for: request, of: query)
    }
    func itemsRequest(_ kind: ItemKind, ids: [Int]) -> HTTPRequest? { source.itemsRequest(kind, ids: ids) }
    func decodeItems(_ kind: ItemKind, _ response: HTTPResponse) throws(PageFailure) -> [Item] { try source.decodeItems(kind, response) }
    func pictureRequest(for item: Item) -> HTTPRequest? { pictures.map { $0(item) } ?? source.pictureRequest(for: item) }
}

/// Whether this run rewrites goldens (`PORTAL_RECORD_GOLDEN=1`). Under CI the request is
/// an issue, never a rewrite: a run that rewrote its goldens would pass whatever the
/// screen shows.
func recordsGoldens(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let environment = ProcessInfo.processInfo.environment
    guard environment["PORTAL_RECORD_GOLDEN"] == "1" else { return false }
    if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci != "false" {
        Issue.record("PORTAL_RECORD_GOLDEN is refused under CI: goldens are compared there, never written",
                     sourceLocation: sourceLocation)
        return false
    }
    return true
}

/// Compares `text` with `Golden/<name>.txt`; with `PORTAL_RECORD_GOLDEN=1` writes it instead
/// (into the source tree, found from this file's path, not the built bundle).
func expectGolden(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let contents = text + "\n"
    if recordsGoldens(sourceLocation: sourceLocation) {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? contents.write(to: dir.appendingPathComponent(name + ".txt"), atomically: true, encoding: .utf8)
        return
    }
    guard let url = Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Golden"),
          let golden = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("missing golden \(name).txt — run with PORTAL_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
        return
    }
    #expect(contents == golden, "screen differs from Golden/\(name).txt:\n\(contents)", sourceLocation: sourceLocation)
}
