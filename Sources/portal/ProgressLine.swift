import Foundation
import PortalCore

/// `portal list`'s progress on stderr: one line, `1,200 items · 850/s · ETA 0:04`, redrawn
/// in place with `\r` and cleared at the end, so a long export says how far it is without
/// filling the terminal.
///
/// Only when stderr is a terminal (a file or a pipe gets nothing, so logs and tests stay
/// clean) and only once the work has taken a second (a short list never flickers). The
/// ETA needs a known count: the range's, or the server's total.
final class ProgressLine {
    private let enabled: Bool
    private let started: ContinuousClock.Instant
    private let clock = ContinuousClock()
    private var lastDrawn: ContinuousClock.Instant?
    private var showing = false

    /// - Parameter enabled: whether to draw at all (`isatty(2)` unless a test says).
    init(enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.enabled = enabled
        self.started = clock.now
    }

    /// Redraws the line for `items` done of `expected` (when known), at most ten times a
    /// second, and not before the first second has passed.
    func update(items: Int, expected: Int?) {
        guard enabled else { return }
        let now = clock.now
        let elapsed = now - started
        guard elapsed >= .seconds(1) else { return }
        if let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        showing = true
        FileHandle.standardError.write(Data(("\r" + Self.text(items: items, expected: expected, elapsed: elapsed) + "\u{1B}[K").utf8))
    }

    /// Clears the line (before a message on stderr, and at the end).
    func clear() {
        guard showing else { return }
        showing = false
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// Shows `message` as the line at once (a wait that is not counted in items: the first
    /// answer being retried before the screen opens), in place, cleared by `clear`.
    func note(_ message: String) {
        guard enabled else { return }
        showing = true
        let line = OutputCharset.of(descriptor: STDERR_FILENO).shown(Sanitize.line("portal: " + message))
        FileHandle.standardError.write(Data(("\r" + line + "\u{1B}[K").utf8))
    }

    /// Says `message` on stderr as `portal: …`, the bar cleared first (it comes back on the
    /// next update).
    func say(_ message: String) {
        clear()
        StandardStreams.error(message)
    }

    /// The line: items, rate, and the ETA when the count is known.
    static func text(items: Int, expected: Int?, elapsed: Duration) -> String {
        let seconds = max(0.001, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        let rate = Double(items) / seconds
        var parts = [expected.map { "\(grouped(items)) / \(grouped($0)) items" } ?? "\(grouped(items)) items", "\(grouped(Int(rate.rounded())))/s"]
        if let expected, rate > 0, expected > items {
            parts.append("ETA \(clockText(Int((Double(expected - items) / rate).rounded(.up))))")
        }
        return parts.joined(separator: " · ")
    }

    /// `1,234,567`.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    static func clockText(_ seconds: Int) -> String {
        let h = seconds / 3600, m = (seconds % 3600) / 60, s = seconds % 60
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }
}
