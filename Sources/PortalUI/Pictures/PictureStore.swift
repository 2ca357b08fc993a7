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
/// needed any more are kept within a budget in bytes (pixels, symbol cells and every
/// entry's own cost), least recently needed going first (the interpreter's memory cache
/// and the disk cache are behind it).
///
/// Symbol renderings are cached per picture and size, so a frame does not run libchafa
/// again for a card it drew before; they count against the same budget.
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
    /// The bytes pictures not on screen may hold (`PictureBudget.storeBytes`): the ones on
    /// screen are kept whatever it says, this keeps the last screens'.
    public nonisolated static let defaultMaxBytes = PictureBudget.storeBytes
    /// What an entry costs besides its pixels (its ticket, its slot, its words).
    nonisolated static let entryOverhead = 256

    public let maxInFlight: Int
    public let maxBytes: Int
    private var entries: [PictureTicket: Entry] = [:]
    /// Tickets in flight, oldest first.
    private var inFlight: [PictureTicket] = []
    private var lastNeeded: [PictureTicket: Int] = [:]
    private var step = 0
    /// Pixels of the pictures held.
    private var pictureBytes = 0
    /// Symbol cells and runs held.
    private var renderingBytes = 0
    private var art: [ArtKey: PictureCells] = [:]
    /// The cells as runs a frame puts, made on first draw.
    private var runs: [ArtKey: PictureRuns] = [:]
    /// Failures held, so forgetting those not needed does not walk every entry.
    private var failures: Set<PictureTicket> = []
    /// Each item's ticket as its source names it, made once (an address is a URL parse).
    private var tickets: [ItemKey: PictureTicket?] = [:]
    /// How many items' tickets `tickets` remembers before it starts again: a ticket holds
    /// a request (its URL), about 400 bytes, and dozens of screens fit in this many.
    nonisolated static let rememberedTickets = 1024

    private struct ArtKey: Hashable {
        var ticket: PictureTicket
        var rendering: PictureRendering
    }

    public init(maxInFlight: Int = PictureStore.defaultMaxInFlight, maxBytes: Int = PictureStore.defaultMaxBytes) {
        self.maxInFlight = max(1, maxInFlight)
        self.maxBytes = max(1, maxBytes)
    }

    /// Bytes held: pixels, symbol renderings, and each entry's own cost.
    public var bytes: Int { pictureBytes + renderingBytes + entries.count * Self.entryOverhead }

    public func entry(_ ticket: PictureTicket) -> Entry? { entries[ticket] }

    /// The ticket of `item`'s picture (`source.pictureRequest(for:)`, remembered).
    public func ticket(for item: Item, in source: any Source) -> PictureTicket? {
        if let known = tickets[item.id] { return known }
        if tickets.count >= Self.rememberedTickets { tickets.removeAll(keepingCapacity: true) }
        let ticket = source.pictureRequest(for: item).map { PictureTicket(item: item.id, request: $0) }
        tickets[item.id] = ticket
        return ticket
    }

    public var inFlightCount: Int { inFlight.count }
    /// Entries held (any state).
    public var count: Int { entries.count }
    /// Tickets the store keeps any note of (its entries, when each was last needed, the
    /// item → ticket memo): bounded however long the session is.
    public var notes: Int { entries.count + lastNeeded.count + tickets.count }

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
                    lastNeeded[ticket] = nil
                }
            }
            inFlight = kept
        }
        // When a ticket was last needed is noted only while it has an entry: a ticket
        // wanted but never asked for (the screen moved on first) left a note for good,
        // 11 of a screen's 15 on every jump.
        for ticket in wanted {
            if entries[ticket] == nil {
                guard inFlight.count < maxInFlight else { continue }
                entries[ticket] = .requested
                inFlight.append(ticket)
                plan.fetch.append(ticket)
            }
            lastNeeded[ticket] = step
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
        for (rendering, cells) in rendered { keepArt(cells, for: ArtKey(ticket: ticket, rendering: rendering)) }
        switch outcome {
        case .picture(let picture):
            entries[ticket] = .ready(picture)
            pictureBytes += picture.byteCount
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
        let made = PictureRuns(cells)
        makeRoomForRendering()
        runs[key] = made
        renderingBytes += made.byteEstimate
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
        keepArt(cells, for: key)
        return cells
    }

    private func keepArt(_ cells: PictureCells, for key: ArtKey) {
        makeRoomForRendering()
        if let old = art.updateValue(cells, forKey: key) { renderingBytes -= Self.byteEstimate(old) }
        renderingBytes += Self.byteEstimate(cells)
    }

    /// Renderings are remade from the picture cheaply: past a quarter of the budget they
    /// all go (the next frame makes again the few it draws).
    private func makeRoomForRendering() {
        guard renderingBytes > maxBytes / 4 else { return }
        art.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        renderingBytes = 0
    }

    static func byteEstimate(_ cells: PictureCells) -> Int {
        cells.cells.count * MemoryLayout<PictureCell>.stride + entryOverhead
    }

    /// Failures not needed now are forgotten; arrived pictures not needed now are dropped,
    /// least recently needed first, past the byte budget (down to three quarters of it).
    private func forgetStale(needed: Set<PictureTicket>) {
        if !failures.isEmpty {
            for ticket in failures where !needed.contains(ticket) {
                failures.remove(ticket)
                entries[ticket] = nil
                lastNeeded[ticket] = nil
            }
        }
        // Cheap test first: the walk below only when a budget is exceeded.
        guard bytes > maxBytes else { return }
        var idle: [(ticket: PictureTicket, step: Int)] = []
        for (ticket, entry) in entries where !needed.contains(ticket) {
            switch entry {
            case .failed, .requested: break
            case .ready, .missing: idle.append((ticket, lastNeeded[ticket] ?? 0))
            }
        }
        // Down to three quarters of the budget, so the walk is not made again at the next
        // event (the screen keeps moving into the budget a few pictures at a time).
        let target = maxBytes - maxBytes / 4
        idle.sort { $0.step < $1.step }
        var index = 0
        var dropped: Set<PictureTicket> = []
        var droppedPixels = 0
        while index < idle.count, bytes > target {
            let ticket = idle[index].ticket
            if case .ready(let picture) = entries[ticket] {
                pictureBytes -= picture.byteCount
                droppedPixels += picture.byteCount
            }
            entries[ticket] = nil
            lastNeeded[ticket] = nil
            dropped.insert(ticket)
            index += 1
        }
        if !dropped.isEmpty {
            art = art.filter { !dropped.contains($0.key.ticket) }
            runs = runs.filter { !dropped.contains($0.key.ticket) }
            renderingBytes = art.values.reduce(0) { $0 + Self.byteEstimate($1) } + runs.values.reduce(0) { $0 + $1.byteEstimate }
        }
        // Pixels freed on the pool's threads stay in their arenas unless handed back.
        if droppedPixels >= PictureBudget.releaseAfterBytes { PictureBudget.releaseFreedMemory() }
    }

}
