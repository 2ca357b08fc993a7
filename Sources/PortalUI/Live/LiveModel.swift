import PortalCore
import PortalPaging

/// A tab's live list (issue 38): the feed it follows, what the feed said last, and what
/// the pushed changes did — the marks by record and the counts the status line shows
/// (`live · 3 new · 1 changed`).
///
/// `apply` folds a tick's changes into the tab's list: a record the list holds is
/// replaced where it is and marked `changed`; a created one goes where the list's order
/// (`LiveOrder`) puts it among the loaded rows — the top of a newest-first list, the end of
/// an ascending one, mid-list by a sorted field — and is marked `new`; a deleted one is
/// marked and stays until `R`. The grid moves its selection and offset with the rows put
/// above them (`GridState.didInsert(at:)`), so the selection stays on its record and the
/// screen does not jump. A change to a record the list does not hold (far from the
/// screen) changes nothing shown: no count, no redraw; its mark is kept, so the record is
/// marked when its page comes.
struct LiveModel {
    /// The most marks kept; past it they start over (a mark missed, never a wrong one).
    static let markLimit = 100_000

    let subscription: LiveSubscription
    /// What the feed said last; nil while the first connection is being made.
    var status: LiveStatus?
    /// The last note (an event skipped, credentials withheld), until the next status.
    var note: String?
    var marks: [RecordKey: LiveMark] = [:]
    var newCount = 0
    var changedCount = 0
    var deletedCount = 0
    /// Records pushed as new whose place is in a part of the list not loaded (between
    /// loaded pages, above a first page no longer held): they come with `R`.
    var waiting = 0

    /// The record the selection was on when rows were put above it, and where it was put:
    /// a page that comes later (the server's rows as they are now) may hold it elsewhere, and
    /// the selection follows it there (`ScreenController.followLive`) until the user moves it.
    /// `screenRow`: its row on screen then (nil at the very top of the list).
    var pin: (id: ItemKey, index: Int, screenRow: Int?)?

    init(_ subscription: LiveSubscription) {
        self.subscription = subscription
    }

    /// What `apply` did: whether the frame changes (a row on screen, a count), whether
    /// the list's count grew (the grid follows), and where records were put (the new
    /// indices, ascending: the grid moves its selection and offset with them).
    struct Outcome: Equatable {
        var redraw = false
        var grew = false
        var inserted: [Int] = []
    }

    /// Folds `updates` into `list`, whose rows are in `order`: created records go where
    /// it puts them (`place`).
    mutating func apply(_ updates: [LiveUpdate], to list: SparseList<Item>, order: LiveOrder) -> Outcome {
        var outcome = Outcome()
        if marks.count + updates.count > Self.markLimit { marks = [:] }
        var created: [Item] = []
        for update in updates {
            let key = update.key.id
            let held = list.index(ofID: update.key)
            switch update.kind {
            case .deleted:
                marks[key] = .deleted
                guard held != nil else { continue }
                deletedCount += 1
                outcome.redraw = true
            case .updated:
                if replace(update, in: list) { outcome.redraw = true }
            case .upserted where held != nil || !list.isComplete:
                if replace(update, in: list) { outcome.redraw = true }
            case .created, .upserted:
                guard let item = update.item else { continue }
                marks[key] = .new
                outcome.redraw = true
                if held != nil { list.replace(item) } else { created.append(item) }
            }
        }
        if !created.isEmpty { place(created, in: list, order: order, outcome: &outcome) }
        return outcome
    }

    /// Puts created records where `order` puts them among the loaded rows
    /// (`SparseList.livePositions`): between two loaded rows, or at a loaded end, the row
    /// shows there (`liveInsert`, the rows after it one further down); past every loaded
    /// row the list grows by one and its page brings it; in a part not loaded it is only
    /// counted, and `R` shows it (`waiting`).
    private mutating func place(_ records: [Item], in list: SparseList<Item>, order: LiveOrder, outcome: inout Outcome) {
        var inserts: [(index: Int, item: Item)] = []
        let sorted = records.sorted(by: order.precedes)
        for (record, position) in zip(sorted, list.livePositions(of: sorted, precedes: order.precedes)) {
            newCount += 1
            switch position {
            case .at(let index): inserts.append((index, record))
            case .pastLoaded: outcome.grew = list.liveGrow() || outcome.grew
            case .unknown: waiting += list.isRefreshing ? 0 : 1  // a refresh under way brings it
            }
        }
        // By place; records for one place in their order (the sort above).
        let byPlace = inserts.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }.map(\.element)
        outcome.inserted = list.liveInsert(byPlace).compactMap { $0 }
        if !outcome.inserted.isEmpty { outcome.grew = true }
    }

    /// A changed record: replaced where the list holds it (true), else its mark kept for
    /// when its page comes (nothing on screen changes).
    private mutating func replace(_ update: LiveUpdate, in list: SparseList<Item>) -> Bool {
        let key = update.key.id
        if let item = update.item, list.replace(item) != nil {
            if marks[key] != .new { mark(key, .changed) }
            return true
        }
        if marks[key] == nil { marks[key] = .changed }
        return false
    }

    private mutating func mark(_ key: RecordKey, _ mark: LiveMark) {
        if marks[key] != mark { changedCount += mark == .changed ? 1 : 0 }
        marks[key] = mark
    }

    /// A status from the feed: `reconnecting`, `open`, a note, the end.
    mutating func receive(_ status: LiveStatus) {
        switch status {
        case .note(let text), .reset(let text):
            note = text
            if case .reset = status { note = "\(text) · R reads the list again" }
        default:
            self.status = status
            if case .open = status { note = nil }
        }
    }

    /// `R`: deleted records leave the list, so their marks go too; the rest stay. The
    /// selection follows its record by `R`'s own pin (`ListRefresh`) from here.
    mutating func listRefreshed() {
        marks = marks.filter { $0.value != .deleted }
        pin = nil
        deletedCount = 0
        waiting = 0
    }

    /// The status line's words: `live · 3 new · 1 changed`, `reconnecting… 4 s`, a note.
    var statusText: String {
        var parts: [String]
        switch status {
        case nil: parts = ["live · connecting…"]
        case .open?: parts = ["live"]
        case .reconnecting(let after, _)?: parts = ["reconnecting… \(Self.seconds(after))"]
        case .ended(let why)?: parts = ["live ended: \(why)"]
        case .note?, .reset?: parts = ["live"]
        }
        if newCount > 0 { parts.append("\(newCount) new") }
        if changedCount > 0 { parts.append("\(changedCount) changed") }
        if deletedCount > 0 { parts.append("\(deletedCount) deleted") }
        if waiting > 0 { parts.append("R shows \(waiting) more") }
        if let note { parts.append(note) }
        if case .reconnecting(_, let because)? = status { parts.append(because) }
        return Sanitize.line(parts.joined(separator: " · "))
    }

    /// `4 s`, `1.5 s`, `2 min`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, atto) = duration.components
        if seconds >= 120 { return "\(seconds / 60) min" }
        let tenths = atto / 100_000_000_000_000_000
        return tenths == 0 ? "\(seconds) s" : "\(seconds).\(tenths) s"
    }
}
