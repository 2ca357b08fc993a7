import PortalCore
import PortalEffects

/// Live lists (issue 38): `Effect.followEvents` runs a tab's feed (`LiveFeed`, made by the
/// interpreter's `LiveFeeds`) in a task kept by tab until `stopEvents`, a new feed for
/// the tab, or the program's end. What the feed pushes is held in a `LiveCoalescer` and
/// handed to the UI once a display tick (`liveTick`): one `liveStatus` per state or note,
/// one `liveUpdates` with the last change of each record, each record read here as the
/// list's item (never on the UI thread). Nothing runs while the feed is quiet: the first
/// change of a tick starts the tick's wait. The feed is not `activity` (a live list is
/// idle between changes).
extension EffectInterpreter {
    /// The shortest time between two batches of a tab's changes (25 a second at most).
    public static let liveTick: Duration = .milliseconds(40)

    func performLive(_ effect: Effect, deliver: @escaping @Sendable (AppMessage) -> Void) {
        switch effect {
        case .followEvents(let tab, let subscription):
            liveTasks.cancel(tab)
            guard let feed = liveFeeds.feed(for: subscription) else {
                deliver(.liveStatus(tab: tab, .ended("no feed for \(subscription)")))
                return
            }
            liveTasks.start(tab) {
                self.prepareThread()
                await self.follow(feed, tab: tab, subscription, deliver: deliver)
            }
        case .stopEvents(let tab):
            liveTasks.cancel(tab)
        default:
            break
        }
    }

    /// Follows `feed` until it ends (its reason is the last status) or is cancelled.
    func follow(_ feed: any LiveFeed, tab: Int, _ subscription: LiveSubscription, deliver: @escaping @Sendable (AppMessage) -> Void) async {
        let held = LiveCoalescer()
        let (ticks, tick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let reader = LiveRecordReader(source: source, kind: subscription.kind)
        let pause = self.pause
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // One batch a tick: the first thing held wakes this, the tick gathers the rest.
                for await _ in ticks {
                    try? await pause(Self.liveTick)
                    if Task.isCancelled { return }
                    Self.hand(held.take(), tab: tab, reader: reader, deliver: deliver)
                }
            }
            group.addTask {
                let why: String
                do {
                    why = try await feed.follow { signal in
                        let first = switch signal {
                        case .change(let change): held.add(change)
                        case .status(let status): held.add(status)
                        }
                        if first { tick.yield() }
                    }
                } catch {
                    tick.finish()
                    return  // cancelled: nobody is listening
                }
                _ = held.add(.ended(why))
                tick.yield()
                tick.finish()
            }
        }
    }

    /// A tick's batch to the UI: statuses first, then the changes as the list's items.
    private static func hand(_ batch: LiveCoalescer.Batch, tab: Int, reader: LiveRecordReader, deliver: @Sendable (AppMessage) -> Void) {
        if let connection = batch.connection { deliver(.liveStatus(tab: tab, connection)) }
        if let note = batch.note { deliver(.liveStatus(tab: tab, note)) }
        guard !batch.changes.isEmpty else { return }
        deliver(.liveUpdates(tab: tab, batch.changes.map(reader.update)))
    }
}

/// Reads a pushed record as the list's item with the source's own reading.
public struct LiveRecordReader: Sendable {
    let source: any Source
    let kind: ItemKind

    public init(source: any Source, kind: ItemKind) {
        self.source = source
        self.kind = kind
    }

    public func update(_ change: LiveChange) -> LiveUpdate {
        let item = source.liveItem(kind, record: change.record)
        return LiveUpdate(kind: change.kind, key: item?.id ?? ItemKey(kind, change.key), item: change.kind == .deleted ? nil : item)
    }
}
