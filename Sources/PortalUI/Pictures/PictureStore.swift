import PortalCore
import PortalImage

/// The pictures the screen knows, by ticket: asked for, arrived, or known to be missing;
/// and the rule for which to ask for next (`plan`).
///
/// The planning step hands it the tickets the screen needs, most needed first; it answers
/// with the ones to fetch (at most `maxInFlight` in flight at once) and the ones in flight
/// that are no longer needed (to cancel). An answer is kept only if its ticket is still in
/// flight, so a late answer for a card scrolled away is dropped; a card finds its picture
/// by its own item's ticket, so it can never show another item's. A picture the screen
/// needs is held whole; once it is not needed only its card is kept (`KeptPicture`,
/// `PictureStore+OffScreen.swift`), within a budget in bytes (pixels, symbol cells and
/// every entry's own cost), least recently needed going first (the interpreter's memory
/// cache and the disk cache are behind it), so scrolling back over five screens asks for
/// none of their pictures again.
///
/// Symbol renderings are cached per picture and size (`PictureStore+Drawings.swift`), so
/// a frame does not run libchafa again for a card it drew before.
@MainActor
public final class PictureStore {
    public enum Entry: Sendable, Equatable {
        case requested
        /// Arrived: whole while needed, its card's only after (`KeptPicture`).
        case ready(KeptPicture)
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
    /// The bytes kept of pictures off screen (the screen's own are held whatever it says).
    public let maxBytes: Int
    // Internal, not private: the store's other files (`PictureStore+*.swift`) keep them.
    var entries: [PictureTicket: Entry] = [:]
    /// Tickets in flight, oldest first.
    // Internal, not private: `PictureStore+Sharing.swift` reads it.
    var inFlight: [PictureTicket] = []
    /// For each address, a ticket that holds its answer (a picture or a missing one), so
    /// another card with the same address takes it instead of asking (`share`).
    var holders: [HTTPRequest: PictureTicket] = [:]
    var lastNeeded: [PictureTicket: Int] = [:]
    private var step = 0
    /// Pixels of the pictures held: whole ones and cards'.
    var pictureBytes = 0
    /// Of those, the whole pictures' (the ones the screen needed when last planned).
    var fullBytes = 0
    /// The tickets whose picture is held whole.
    var full: Set<PictureTicket> = []
    /// The last pane's picture: held whole after the pane closes too, so opening it again
    /// asks for nothing (until another pane's picture takes its place).
    var lastSharp: PictureTicket?
    /// The selected card's picture, kept whole while selected (`plan(wanted:sharp:selected:)`).
    var keptWhole: PictureTicket?
    /// Symbol cells and runs held.
    var renderingBytes = 0
    /// Symbol cells per picture and slot, with their runs once drawn.
    var drawings: [PictureTicket: [PictureRendering: PictureDrawing]] = [:]
    /// Pixels dropped since freed memory was last handed back to the system.
    var pixelsDroppedSinceRelease = 0
    /// Failures held, so forgetting those not needed does not walk every entry.
    var failures: Set<PictureTicket> = []
    /// Each item's ticket as its source names it, made once (an address is a URL parse).
    // Internal, not private: `PictureStore+Tickets.swift` fills it as pages arrive.
    var tickets: [PictureMemoKey: PictureTicket?] = [:]
    /// How many items' tickets `tickets` remembers before it starts again: a ticket holds
    /// a request (its URL), about 400 bytes, and dozens of screens fit in this many.
    nonisolated static let rememberedTickets = 1024

    public init(maxInFlight: Int = PictureStore.defaultMaxInFlight, maxBytes: Int = PictureStore.defaultMaxBytes) {
        self.maxInFlight = max(1, maxInFlight)
        self.maxBytes = max(1, maxBytes)
    }

    /// Bytes held: pixels, symbol renderings, and each entry's own cost (`offScreenBytes`
    /// is what the budget bounds).
    public var bytes: Int { pictureBytes + renderingBytes + entries.count * Self.entryOverhead }

    public func entry(_ ticket: PictureTicket) -> Entry? { entries[ticket] }

    /// The ticket of `item`'s picture (`source.pictureRequest(for:)`, remembered).
    public func ticket(for item: Item, in source: any Source) -> PictureTicket? {
        let key = PictureMemoKey(item.id)
        if let known = tickets[key] { return known }
        if tickets.count >= Self.rememberedTickets { tickets.removeAll(keepingCapacity: true) }
        let ticket = source.pictureRequest(for: item).map { PictureTicket(item: item.id, request: $0) }
        tickets[key] = ticket
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
                switch share(ticket) {
                case .taken: break
                // Its address is in flight for another card: it takes that answer next.
                case .waiting: continue
                case .none:
                    guard inFlight.count < maxInFlight else { continue }
                    entries[ticket] = .requested
                    inFlight.append(ticket)
                    plan.fetch.append(ticket)
                }
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
        for (rendering, cells) in rendered { keep(cells, of: ticket, for: rendering) }
        switch outcome {
        case .picture(let picture):
            entries[ticket] = .ready(KeptPicture(full: picture))
            pictureBytes += picture.byteCount
            fullBytes += picture.byteCount
            full.insert(ticket)
            holders[ticket.request] = ticket
        case .missing(let why):
            entries[ticket] = .missing(why)
            holders[ticket.request] = ticket
        case .failed(let why):
            entries[ticket] = .failed(why)
            failures.insert(ticket)
        }
        return true
    }
}
