/// What the status line reports about the list.
public struct ListStatus: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case idle
        /// A page is in flight; `spinner` advances once per page request (never by a clock).
        case loading(spinner: Int)
        /// A page is being retried automatically after a transient failure.
        case retrying(String)
        case failed(String)
        case exhausted
    }

    public var loaded: Int
    public var total: Int?
    public var pages: Int
    public var phase: Phase
    /// Said after the counts when the list came from the disk cache because the network
    /// failed, e.g. `cached 3 h ago · offline`.
    public var note: String?

    public init(loaded: Int, total: Int?, pages: Int, phase: Phase, note: String? = nil) {
        self.loaded = loaded
        self.total = total
        self.pages = pages
        self.phase = phase
        self.note = note
    }
}

/// The status line: `120 / 826 · page 6 · ⠹ loading…`, `error — r to retry`, or `end`.
public enum StatusLineView {
    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    public static func spans(_ status: ListStatus) -> [Span] {
        let bar = Style(reverse: true)
        var counts = status.total.map { "\(status.loaded) / \($0)" } ?? "\(status.loaded)"
        counts = " " + counts + " · page \(status.pages)"
        var spans = [Span(counts, bar)]
        if let note = status.note {
            spans.append(Span(" · ", bar))
            spans.append(Span(note, Style(foreground: .yellow, reverse: true)))
        }
        switch status.phase {
        case .idle:
            break
        case .loading(let phase):
            spans.append(Span(" · \(spinner[abs(phase) % spinner.count]) loading…", bar))
        case .retrying(let note):
            spans.append(Span(" · ", bar))
            spans.append(Span(note, Style(foreground: .yellow, bold: true, reverse: true)))
        case .failed(let message):
            spans.append(Span(" · ", bar))
            spans.append(Span("error — r to retry", Style(foreground: .red, bold: true, reverse: true)))
            spans.append(Span(" (" + message + ")", bar))
        case .exhausted:
            spans.append(Span(" · end", bar))
        }
        return spans
    }

    public static func draw(_ status: ListStatus, width: Int, row: Int, into screen: any Screen) {
        screen.draw(spans(status), row: row, column: 0, width: width, fill: true, fillStyle: Style(reverse: true))
    }
}
