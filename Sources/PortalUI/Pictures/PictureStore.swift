import PortalCore
import PortalImage

/// The pictures the screen knows, by ticket: asked for, arrived, or known to be missing;
/// and the rule for which to ask for next (`plan`).
///
/// The planning step hands it the tickets the screen needs, most needed first; it answers
/// with the ones to fetch (at most `maxInFlight` in flight at once) and the ones in flight
/// that are no longer needed (to cancel). An answer is kept only if its ticket is still in
/// flight, so a late answer for a card scrolled away is dropped; a card finds its picture
/// by its own item's ticket, so it can never show another item's. Arrived pictures not
/// needed any more are kept up to a count and a byte budget, least recently needed going
/// first (the interpreter's memory cache and the disk cache are behind it).
///
/// Symbol renderings are cached per picture and size, so a frame does not run libchafa
/// again for a card it drew before.
@MainActor
public final class PictureStore {
    public enum Entry: Sendable, Equatable {
        case requested
        case ready(Picture)
        /// None to show, for good (the text says why).
        case missing(String)
        /// Failed this time; asked again once the card leaves the screen and comes back.
        case failed(String)
    }

    /// What one planning step decided.
    public struct Plan: Sendable, Equatable {
        public var fetch: [PictureTicket] = []
        public var cancel: [PictureTicket] = []
    }

    /// Requests in flight at once, all lists and panes together.
    public nonisolated static let defaultMaxInFlight = 4
    /// Arrived pictures kept beyond those needed now.
    public nonisolated static let defaultMaxKept = 256
    public nonisolated static let defaultMaxBytes = 48 * 1_048_576

    public let maxInFlight: Int
    public let maxKept: Int
    public let maxBytes: Int
    private var entries: [PictureTicket: Entry] = [:]
    /// Tickets in flight, oldest first.
    private var inFlight: [PictureTicket] = []
    private var lastNeeded: [PictureTicket: Int] = [:]
    private var step = 0
    public private(set) var bytes = 0
    private var art: [ArtKey: PictureCells] = [:]
    /// The cells as runs a frame puts, made on first draw.
    private var runs: [ArtKey: PictureRuns] = [:]
    /// Failures held, so forgetting those not needed does not walk every entry.
    private var failures: Set<PictureTicket> = []
    /// Each item's ticket as its source names it, made once (an address is a URL parse).
    private var tickets: [ItemKey: PictureTicket?] = [:]

    private struct ArtKey: Hashable {
        var ticket: PictureTicket
        var rendering: PictureRendering
    }

    public init(maxInFlight: Int = PictureStore.defaultMaxInFlight, maxKept: Int = PictureStore.defaultMaxKept,
                maxBytes: Int = PictureStore.defaultMaxBytes) {
        self.maxInFlight = max(1, maxInFlight)
        self.maxKept = max(1, maxKept)
        self.maxBytes = max(1, maxBytes)
    }

    public func entry(_ ticket: PictureTicket) -> Entry? { entries[ticket] }

    /// The ticket of `item`'s picture (`source.pictureRequest(for:)`, remembered).
    public func ticket(for item: Item, in source: any Source) -> PictureTicket? {
        if let known = tickets[item.id] { return known }
        if tickets.count >= 8192 { tickets.removeAll(keepingCapacity: true) }
        let ticket = source.pictureRequest(for: item).map { PictureTicket(item: item.id, request: $0) }
        tickets[item.id] = ticket
        return ticket
    }

    public var inFlightCount: Int { inFlight.count }
    /// Entries held (any state).
    public var count: Int { entries.count }

    /// Given the tickets the screen needs now, most needed first: cancels what is in
    /// flight and not needed, forgets failures not needed (so they are asked again when
    /// they come back), and hands out the first needed tickets not yet known, up to
    /// `maxInFlight` in flight.
    public func plan(wanted: [PictureTicket]) -> Plan {
        step += 1
        var plan = Plan()
        let needed = Set(wanted)
        if !inFlight.isEmpty {
            var kept: [PictureTicket] = []
            for ticket in inFlight {
                if needed.contains(ticket) {
                    kept.append(ticket)
                } else {
                    plan.cancel.append(ticket)
                    entries[ticket] = nil
                }
            }
            inFlight = kept
        }
        for ticket in wanted {
            lastNeeded[ticket] = step
            switch entries[ticket] {
            case nil:
                guard inFlight.count < maxInFlight else { continue }
                entries[ticket] = .requested
                inFlight.append(ticket)
                plan.fetch.append(ticket)
            default:
                continue
            }
        }
        forgetStale(needed: needed)
        return plan
    }

    /// An answer: kept (true) only if its ticket is in flight; otherwise dropped.
    /// `rendered`: symbol cells made off the UI thread, kept for the frames to come.
    @discardableResult
    public func receive(_ ticket: PictureTicket, _ outcome: PictureOutcome, rendered: [PictureRendering: PictureCells] = [:]) -> Bool {
        guard let index = inFlight.firstIndex(of: ticket) else { return false }
        inFlight.remove(at: index)
        for (rendering, cells) in rendered { art[ArtKey(ticket: ticket, rendering: rendering)] = cells }
        switch outcome {
        case .picture(let picture):
            entries[ticket] = .ready(picture)
            bytes += picture.byteCount
        case .missing(let why):
            entries[ticket] = .missing(why)
        case .failed(let why):
            entries[ticket] = .failed(why)
            failures.insert(ticket)
        }
        return true
    }

    /// The runs a frame puts for a ready picture in a slot (from `cells`, made once).
    func runs(_ ticket: PictureTicket, slot: Size, palette: PictureRenderer.Palette) -> PictureRuns? {
        let key = ArtKey(ticket: ticket, rendering: PictureRendering(columns: slot.columns, rows: slot.rows, palette: palette))
        if let known = runs[key] { return known }
        guard let cells = cells(ticket, slot: slot, palette: palette) else { return nil }
        if runs.count >= 2 * maxKept { runs.removeAll(keepingCapacity: true) }
        let made = PictureRuns(cells)
        runs[key] = made
        return made
    }

    /// The symbol cells of a ready picture for a slot: those rendered with its answer, else
    /// rendered here once (a size not asked for, e.g. after a resize) and cached.
    public func cells(_ ticket: PictureTicket, slot: Size, palette: PictureRenderer.Palette) -> PictureCells? {
        guard case .ready(let picture) = entries[ticket] else { return nil }
        let rendering = PictureRendering(columns: slot.columns, rows: slot.rows, palette: palette)
        let key = ArtKey(ticket: ticket, rendering: rendering)
        if let known = art[key] { return known }
        guard let cells = rendering.render(picture) else { return nil }
        if art.count >= 2 * maxKept { art.removeAll(keepingCapacity: true) }
        art[key] = cells
        return cells
    }

    /// Failures not needed now are forgotten; arrived pictures not needed now are dropped,
    /// least recently needed first, past the count or byte budget (down to three quarters
    /// of it).
    private func forgetStale(needed: Set<PictureTicket>) {
        if !failures.isEmpty {
            for ticket in failures where !needed.contains(ticket) {
                failures.remove(ticket)
                entries[ticket] = nil
                lastNeeded[ticket] = nil
            }
        }
        // Cheap test first: the walk below only when a budget is exceeded.
        guard entries.count - inFlight.count > maxKept + needed.count || bytes > maxBytes else { return }
        var idle: [(ticket: PictureTicket, step: Int)] = []
        for (ticket, entry) in entries where !needed.contains(ticket) {
            switch entry {
            case .failed, .requested: break
            case .ready, .missing: idle.append((ticket, lastNeeded[ticket] ?? 0))
            }
        }
        guard idle.count > maxKept || bytes > maxBytes else { return }
        // Down to three quarters of each budget, so the walk is not made again at the
        // next event (the screen keeps moving into the budget a few pictures at a time).
        let keptTarget = maxKept - maxKept / 4, bytesTarget = maxBytes - maxBytes / 4
        idle.sort { $0.step < $1.step }
        var index = 0
        var idleCount = idle.count
        var dropped: Set<PictureTicket> = []
        while index < idle.count, idleCount > keptTarget || bytes > bytesTarget {
            let ticket = idle[index].ticket
            if case .ready(let picture) = entries[ticket] { bytes -= picture.byteCount }
            entries[ticket] = nil
            lastNeeded[ticket] = nil
            dropped.insert(ticket)
            idleCount -= 1
            index += 1
        }
        if !dropped.isEmpty {
            art = art.filter { !dropped.contains($0.key.ticket) }
            runs = runs.filter { !dropped.contains($0.key.ticket) }
        }
    }

}
