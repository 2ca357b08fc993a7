import Foundation
import PortalCore
import PortalImage
import PortalEffects
import Synchronization

/// Runs the effects the UI's update function returns, off the UI thread, and answers each
/// with a message. It owns everything the UI must not: the source's decoding, the
/// transport, the retry policy and its clock, and the caches of items and decoded
/// pictures — so a link to an item already seen, or a pane opened twice, costs no request.
///
/// `run` is the whole of an effect as an async function (tests call it directly and feed
/// the message back to `update`); `perform` starts it in a detached task for the terminal
/// and keeps the task by pane, so `Effect.cancel` can stop a decode nobody will see.
public final class EffectInterpreter: EffectPerformer {
    public let source: any Source
    public let transport: any Transport
    public let sender: RetryingSender
    let items: ItemCache
    /// Decoded pictures by address, bounded by count and bytes.
    let pictureCache: PictureMemoryCache
    /// A pane's fetches running, so closing it (or scrolling far from a list page) stops them.
    private let tasks = PaneTasks()
    /// Picture fetches running, by ticket, so `cancelPicture` can stop one.
    private let pictureTasks = KeyedTasks<PictureTicket>()
    /// The page fetches waiting or running, so `cancelPage` can stop one the planner no
    /// longer wants.
    private let pageTasks = KeyedTasks<PageTaskKey>()
    /// Every request but pictures goes through it: a cap on requests in flight, the pages
    /// on screen first.
    public let gate: FetchGate
    /// Pictures' own slots: a picture from a slow or unreachable origin holds one of these,
    /// never one of the pages' (issue 35, item 18).
    public let pictureGate: FetchGate
    /// The origins' rate limits as the live transport noted them: each page carries its
    /// origin's (`PageContent.rate`) to the status line and the planner.
    public let rates: RateBudget
    public let activity = EffectActivity()
    /// Runs first in every effect's task, on its pool thread: the terminal gives the
    /// thread an alternate signal stack there, so a crash in a decode still restores it.
    let prepareThread: @Sendable () -> Void
    /// Waits on the interpreter's clock (`Effect.wakeAfter`; a `ManualClock` in tests).
    let pause: @Sendable (Duration) async throws -> Void
    /// Makes the feeds live lists follow (`Effect.followEvents`), and their tasks by tab.
    let liveFeeds: LiveFeeds
    let liveTasks = KeyedTasks<Int>()

    /// - Parameter clock: the retry policy's waits and time budget (a `ManualClock` in tests).
    public init<C: Clock>(
        source: any Source, transport: any Transport, retryPolicy: RetryPolicy = RetryPolicy(),
        clock: C = ContinuousClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        itemCacheLimit: Int = 20_000,
        pictureCacheBytes: Int = PictureBudget.memoryCacheBytes,
        gate: FetchGate = FetchGate(),
        pictureGate: FetchGate = FetchGate(limit: EffectInterpreter.pictureSlots),
        rates: RateBudget = .shared,
        prepareThread: @escaping @Sendable () -> Void = {},
        liveFeeds: LiveFeeds = .none
    ) where C.Instant == ContinuousClock.Instant {
        self.pictureCache = PictureMemoryCache(maxBytes: pictureCacheBytes)
        self.prepareThread = prepareThread
        self.liveFeeds = liveFeeds
        self.pause = { try await clock.sleep(for: $0) }
        self.source = source
        self.transport = transport
        self.sender = RetryingSender(transport: transport, policy: retryPolicy, clock: clock, random: random)
        self.items = ItemCache(limit: itemCacheLimit)
        self.gate = gate
        self.pictureGate = pictureGate
        self.rates = rates
    }

    /// Pictures fetched at once (the picture store asks for at most four at a time; a
    /// cancelled one may still be on its way out).
    public static let pictureSlots = 4

    // MARK: EffectPerformer

    public func perform(_ effect: Effect, deliver: @escaping @Sendable (AppMessage) -> Void) {
        switch effect {
        case .quit, .copyToClipboard, .openURL:  // the terminal layer's own effects
            return
        case .runJQ, .wakeAfter: performAnswered(effect, deliver: deliver)  // +JQ
        case .followEvents, .stopEvents: performLive(effect, deliver: deliver)  // +Live
        case .cancel(let pane):
            tasks.cancelAll(pane)
        case .cancelPanePage(let pane, let page):
            tasks.cancel(page, of: pane)
        case .cancelPicture(let ticket):
            pictureTasks.cancel(ticket)
        case .fetchPicture(let ticket, _):
            // Kept until it ends, so a cancel can stop it; the UI drops its answer anyway
            // once the ticket is no longer in flight there.
            activity.begin()
            pictureTasks.start(ticket) { await self.runCancellable(effect, deliver: deliver) }
        case .cancelPage(let list, let request):
            pageTasks.cancel(PageTaskKey(list: list, request: request))
        case .fetchPage(let list, let ticket, _, _):
            activity.begin()
            pageTasks.start(PageTaskKey(list: list, request: ticket.request)) { await self.runCancellable(effect, deliver: deliver) }
        case .fetchItems(let pane, let purpose, _, _), .fetchLink(let pane, let purpose, _):
            activity.begin()
            let task = Task.detached {
                defer { self.activity.end() }
                self.prepareThread()
                if let message = await self.run(effect, post: deliver), !Task.isCancelled { deliver(message) }
            }
            // A pane's fetches are cancelled with the pane; a list page also on its own.
            tasks.add(task, pane: pane, page: { if case .listPage(let page) = purpose { page.key } else { nil } }())
        }
    }

    /// Runs a page or picture fetch as an effect that can be cancelled: a cancelled one is
    /// no longer wanted, so its result is not delivered. Its activity was begun when it
    /// was performed (so idleness is never seen before the task starts); it ends here.
    private func runCancellable(_ effect: Effect, deliver: @escaping @Sendable (AppMessage) -> Void) async {
        defer { activity.end() }
        prepareThread()
        let message = await run(effect, post: deliver)
        if let message, !Task.isCancelled { deliver(message) }
    }

    // MARK: Running one effect

    /// Runs `effect` to its end: interim messages (a retry in progress) go to `post`, the
    /// result is returned. Nil for effects that answer nothing (`cancel`, `quit`).
    public func run(_ effect: Effect, post: @escaping @Sendable (AppMessage) -> Void = { _ in }) async -> AppMessage? {
        defer { postRate(after: effect, post) }  // a picture's or pane's rate limit (+Rates)
        switch effect {
        case .fetchPage(let list, let ticket, let query, let priority):
            // Straight to the sender, the source decoding (no adapter between them).
            let source = self.source, request = ticket.request, rates = self.rates
            guard var result = await gate.run(priority, {
                await sender.send(request.http, decode: { response throws(PageFailure) in
                    var content = try source.decodePage(response, for: request, of: query)
                    content.cache = response.cache
                    content.rate = rates.limit(for: request.http.url)
                    content.next?.readLink()  // here, not on the UI thread (PageLinkReading)
                    return content
                }, onRetry: { attempt, failure, wait in
                    post(.pageRetrying(list, ticket, attempt: attempt, failure: failure, wait: wait))
                })
            }) else { return nil }
            if case .success(var page) = result {
                items.remember(page.items)
                page.items = items.completing(page.items)
                page.noteContentHashes()  // for the list watch, here rather than on the UI thread
                page.notePictures(source.pictureRequest(for:))  // for the picture store, likewise
                page.noteItemBytes()  // for the list's byte budget, likewise
                result = .success(page)
            }
            return .page(list, ticket, result)
        case .fetchItems(let pane, let purpose, let kind, let ids):
            guard let result = await gate.run(.pane, { await fetchItems(kind, ids: ids, revalidate: purpose == .refreshed) }) else { return nil }
            return .items(pane, purpose, result)
        case .fetchLink(let pane, let purpose, let link):
            guard let result = await gate.run(.pane, { await fetchLink(link, revalidate: purpose == .refreshed) }) else { return nil }
            return .items(pane, purpose, result)
        case .fetchPicture(let ticket, let renderings):
            // In their own slots and the transport's picture lane: a page never waits on one.
            guard let outcome = await pictureGate.run(.nearby, { await fetchPicture(ticket.request) }) else { return nil }
            var rendered: [PictureRendering: PictureCells] = [:]
            if case .picture(let picture) = outcome, !Task.isCancelled {
                for rendering in renderings { rendered[rendering] = rendering.render(picture) }
            }
            return .picture(ticket, outcome, rendered: rendered)
        case .runJQ(let jq): return await runJQ(jq)  // +JQ
        case .wakeAfter(let after, let wake): return await self.wake(wake, after: after)
        case .cancel, .cancelPanePage, .cancelPage, .cancelPicture, .quit, .copyToClipboard, .openURL, .followEvents, .stopEvents:
            return nil
        }
    }

    /// Items by id: from the cache when every one is known, else in one request for the
    /// whole list as the item names it. Asking for the same list always sends the same
    /// URL, so the HTTP caches (in memory and on disk) can answer it next time. The answer
    /// is in `ids` order, unknown ids skipped (as the API skips them).
    /// With `revalidate` (`R` in a pane) the item cache is passed by and the request asks
    /// past the HTTP caches too.
    func fetchItems(_ kind: ItemKind, ids: [RecordKey], revalidate: Bool = false) async -> Result<[Item], PageFailure> {
        let keys = ids.map { ItemKey(kind, $0) }
        var known = revalidate ? [:] : items.lookup(keys)
        if keys.contains(where: { known[$0] == nil }) {
            guard var request = source.itemsRequest(kind, keys: ids) else {
                return .failure(PageFailure(.malformed, "this source cannot look up \(kind.rawValue)s by id"))
            }
            request.revalidate = revalidate
            let source = self.source
            let result = await sender.send(request, decode: { response throws(PageFailure) in try source.decodeItems(kind, response) })
            switch result {
            case .failure(let failure): return .failure(failure)
            case .success(let fetched):
                items.remember(fetched)
                for item in fetched where item.kind == kind { known[item.id] = item }
            }
        }
        return .success(keys.compactMap { known[$0] })
    }

    /// One attempt at a picture, through the transport (and so the disk cache), decoded to
    /// at most `Picture.maxSide` a side. Decoded pictures, 404s and undecodable bytes are
    /// kept in memory; transient failures are asked again next time. The words of a
    /// failure never quote the transport's error text (it can hold header values).
    public func fetchPicture(_ request: HTTPRequest) async -> PictureOutcome {
        let key = request.url.absoluteString
        if let known = pictureCache.lookup(key) { return known }
        let outcome: PictureOutcome
        var request = request
        request.lane = .pictures
        do {
            let response = try await transport.send(request)
            switch response.status {
            case 200..<300:
                // Decoded even when its card scrolled away meanwhile: the bytes are here, and
                // the caches keep only a picture that decoded (a cancelled one was fetched
                // again, a disk-cache miss, the next time it was needed: issue 27, item 12).
                do {
                    outcome = .picture(try Picture.decode(response.body))
                    // The picture decoded: the disk cache may keep these bytes (DecodeReceipt).
                    response.confirmDecoded()
                } catch {
                    // Not a picture: every cache that served these bytes drops them, so
                    // they are never served again (the same rule as an undecodable page).
                    response.rejectUndecodable()
                    outcome = .missing("no picture (\(error.description))")
                }
            case 404, 410:
                outcome = .missing("no picture")
            default:
                outcome = .failed("picture failed: HTTP \(response.status)")
            }
        } catch TransportError.notInCache {
            outcome = .failed("picture not cached (offline)")
        } catch TransportError.timedOut {
            outcome = .failed("picture failed: timed out")
        } catch {
            outcome = .failed("picture failed: no answer")
        }
        pictureCache.store(outcome, for: key)
        return outcome
    }
}

/// A page fetch by the list that asked and the request, for `Effect.cancelPage`.
private struct PageTaskKey: Hashable, Sendable {
    var list: ListAddress
    var request: PageRequest
}
