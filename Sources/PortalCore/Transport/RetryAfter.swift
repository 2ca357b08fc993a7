import Foundation

/// The `Retry-After` header, read without trusting it.
///
/// RFC 9110 allows delay-seconds (`120`) or an HTTP-date. A server may send anything:
/// `1e300`, `inf`, `99999999999999999`, `-5`, `soon`. Whatever it sends, the result is a
/// finite, non-negative number of seconds no larger than `ceiling`, or nil when the
/// value says nothing usable — and turning it into a `Duration` never traps.
public enum RetryAfter {
    /// No wait portal would honour is longer than this; larger values are clamped here
    /// before any arithmetic (the policies cap lower still).
    public static let ceiling: Double = 3600

    /// Seconds to wait, at most `ceiling`; nil for a value that is neither a number of
    /// seconds nor an HTTP-date.
    public static func seconds(_ header: String, now: Date = Date()) -> Double? {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        if text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            // delay-seconds: too many digits for Double to matter is simply "very long".
            return min(Double(text) ?? ceiling, ceiling)
        }
        if let number = Double(text) {
            // Lenient about `1.5` or `1e300`, never about `inf`, `nan` or a negative value.
            guard number.isFinite, number >= 0 else { return nil }
            return min(number, ceiling)
        }
        guard let date = HTTPDate.parse(text) else { return nil }
        return min(max(0, date.timeIntervalSince(now)), ceiling)
    }

    /// The one rule from a number of seconds to a wait: never longer than `cap`, never
    /// negative, and it never traps whatever the Double. NaN, zero and negative values
    /// wait nothing; `+inf` and anything past `cap` (or `ceiling`) wait `cap`; the rest
    /// rounds up to the millisecond. `RetryPolicy`, `ListLoader` and `SparseList` all
    /// wait through it (via `PageFailure.retryWait`).
    public static func wait(_ seconds: Double, cap: Duration) -> Duration {
        guard seconds > 0 else { return .zero }  // NaN compares false: waits nothing
        let capSeconds = Double(cap.components.seconds) + Double(cap.components.attoseconds) / 1e18
        guard seconds.isFinite, seconds < min(capSeconds, ceiling) else { return min(cap, .seconds(ceiling)) }
        return min(.milliseconds(Int((seconds * 1000).rounded(.up))), cap)
    }
}

/// The three date formats RFC 9110 requires a recipient to accept, all in GMT.
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss zzz",   // obsolete RFC 850
        "EEE MMM d HH:mm:ss yyyy",        // asctime
    ]

    static func parse(_ text: String) -> Date? {
        // An HTTP-date is printable ASCII. Anything else never reaches DateFormatter, which
        // on Linux traps on some text after a valid date ("Incorrect range CFRange" for
        // `Wed, 21 Oct 2026 07:28:00` followed by U+0738: fuzz-headers, docs/fuzzing.md #8).
        guard text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
