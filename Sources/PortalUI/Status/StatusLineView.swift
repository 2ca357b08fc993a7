import PortalCore

/// What the status line reports about the list.
public struct ListStatus: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case idle
        /// A page is in flight; `spinner` advances once per page request (never by a clock).
        case loading(spinner: Int)
        /// End is walking a list that cannot jump; `soFar` items have arrived.
        case walking(spinner: Int, soFar: Int)
        /// A page is being retried automatically after a transient failure.
        case retrying(String)
        case failed(String)
        /// `--offline` and the next page was never seen: the list ends here for now;
        /// retrying cannot help, so it is not offered.
        case notCached
        /// The signed-in session could not be renewed: retrying cannot help, signing in
        /// again can. What is loaded stays.
        case sessionExpired
        case exhausted
    }

    public var loaded: Int
    public var total: Int?
    /// Pages loaded; with a `position`, the page the selection is on.
    public var pages: Int
    public var phase: Phase
    /// The selected card, from 1. The counts then read `500,000 / 1,000,000`; in a list
    /// that walks and has said no total, `13 / 200+` (200 arrived, more may come).
    public var position: Int?
    /// Said after the counts when the list came from the disk cache because the network
    /// failed, e.g. `cached 3 h ago · offline`.
    public var note: String?
    /// The server's estimate of the total (PostgREST's `count=planned|estimated`) while
    /// there is no real one: `120 / ≈ 826`.
    public var estimatedTotal: Int?

    public init(loaded: Int, total: Int?, pages: Int, phase: Phase, position: Int? = nil, note: String? = nil, estimatedTotal: Int? = nil) {
        self.loaded = loaded
        self.estimatedTotal = estimatedTotal
        self.total = total
        self.pages = pages
        self.phase = phase
        self.position = position
        self.note = note
    }
}

/// The status line: `500,000 / 1,000,000 · page 25,000 · ⠹ loading…` (where the
/// selection is and its page, in a list that jumps or walks; `13 / 120+` in a walked
/// list with no total yet: 120 arrived), `error — r to retry`, or `end`. Numbers have
/// thousands separators. Its notes and messages may name what a server chose (a sort
/// column, an error), so they are sanitised here as well as where they were made.
public enum StatusLineView {
    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    public static func spans(_ status: ListStatus) -> [Span] {
        let bar = Style(reverse: true)
        let shown = status.position ?? status.loaded
        let arrived = status.position == nil ? nil : "\(Grouped.text(shown)) / \(Grouped.text(status.loaded))+"
        var counts = status.total.map { "\(Grouped.text(shown)) / \(Grouped.text($0))" }
            ?? status.estimatedTotal.map { "\(Grouped.text(shown)) / ≈ \(Grouped.text($0))" } ?? arrived ?? Grouped.text(shown)
        counts = " " + counts + " · page \(Grouped.text(status.pages))"
        var spans = [Span(counts, bar)]
        if let note = status.note {
            spans.append(Span(" · ", bar))
            spans.append(Span(Sanitize.shown(note), Style(foreground: .yellow, reverse: true)))
        }
        switch status.phase {
        case .idle:
            break
        case .loading(let phase):
            spans.append(Span(" · \(spinner[abs(phase) % spinner.count]) loading…", bar))
        case .walking(let phase, let soFar):
            spans.append(Span(" · \(spinner[abs(phase) % spinner.count]) loading… \(Grouped.text(soFar)) so far (Esc stops)", bar))
        case .retrying(let note):
            spans.append(Span(" · ", bar))
            spans.append(Span(Sanitize.shown(note), Style(foreground: .yellow, bold: true, reverse: true)))
        case .failed(let message):
            spans.append(Span(" · ", bar))
            spans.append(Span("error — r to retry", Style(foreground: .red, bold: true, reverse: true)))
            spans.append(Span(" (" + Sanitize.shown(message) + ")", bar))
        case .notCached:
            spans.append(Span(" · ", bar))
            spans.append(Span("not in the cache (offline)", Style(foreground: .yellow, bold: true, reverse: true)))
        case .sessionExpired:
            spans.append(Span(" · ", bar))
            spans.append(Span(TransportError.sessionExpired.description, Style(foreground: .red, bold: true, reverse: true)))
        case .exhausted:
            spans.append(Span(" · end", bar))
        }
        return spans
    }

    public static func draw(_ status: ListStatus, width: Int, row: Int, into screen: any Screen) {
        screen.draw(spans(status), row: row, column: 0, width: width, fill: true, fillStyle: Style(reverse: true))
    }
}
