import Foundation
import PortalCore

/// The disk cache's times (`fetchedAt`, `lastUsedAt`) as the text SQLite and GRDB use,
/// `yyyy-MM-dd HH:mm:ss.SSS` in UTC, made and read with integer arithmetic.
///
/// Why not GRDB's own `Date` conversion: it formats through a `DateFormatter`, and the
/// first one a process makes opens ICU's locale, calendar and time-zone data — about
/// 4 MB of resident pages of `lib_FoundationICU.so` (and 1.4 MB more of Foundation's),
/// a sixteenth of the browser's memory goal, for one timestamp per stored answer. The
/// text is the same GRDB writes, so files written before read back the same, and it
/// sorts as time does (eviction orders by `lastUsedAt`).
enum CacheTimestamp {
    private static let millisecondsPerDay = 86_400_000

    /// `date` as `yyyy-MM-dd HH:mm:ss.SSS` in UTC, to the nearest millisecond (as GRDB's
    /// `DateFormatter` rounds). Dates outside the years 1–9999 are clamped to them: portal
    /// only writes "now".
    static func text(_ date: Date) -> String {
        let seconds = min(max(date.timeIntervalSince1970, -62_135_596_800), CacheNumbers.latest)
        let milliseconds = Int((seconds * 1000).rounded())
        let days = CivilDate.floorDivision(milliseconds, millisecondsPerDay)
        let ofDay = milliseconds - days * millisecondsPerDay
        let (year, month, day) = CivilDate.date(days: days)
        var text = CivilDate.digits(year, 4) + "-" + CivilDate.digits(month, 2) + "-" + CivilDate.digits(day, 2) + " "
        text += CivilDate.digits(ofDay / 3_600_000, 2) + ":" + CivilDate.digits(ofDay / 60_000 % 60, 2) + ":"
        text += CivilDate.digits(ofDay / 1000 % 60, 2) + "." + CivilDate.digits(ofDay % 1000, 3)
        return text
    }

    /// A time read back from the file: a number is seconds since 1970; text is one of the
    /// forms SQLite's date functions take (`YYYY-MM-DD`, then optionally ` HH:MM` or
    /// `THH:MM`, `:SS`, `.SSS…`, and `Z` or `±HH:MM`). Anything else is no time (the row
    /// is then no answer).
    static func date(_ value: SQLiteValue) -> Date? {
        switch value {
        case .integer(let number): Date(timeIntervalSince1970: Double(number))
        case .real(let number): number.isNaN ? nil : Date(timeIntervalSince1970: number)
        case .text(let text): parse(Array(text.utf8))
        case .null, .blob: nil
        }
    }

    private static func parse(_ bytes: [UInt8]) -> Date? {
        var reader = Reader(bytes: bytes)
        guard let year = reader.number(4), reader.take("-"), let month = reader.number(2), reader.take("-"),
              let day = reader.number(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = CivilDate.days(year: year, month: month, day: day) * 86_400
        var fraction = 0.0
        if reader.take(" ") || reader.take("T") {
            guard let hour = reader.number(2), reader.take(":"), let minute = reader.number(2), hour < 24, minute < 60 else { return nil }
            seconds += hour * 3600 + minute * 60
            if reader.take(":") {
                guard let second = reader.number(2), second < 60 else { return nil }
                seconds += second
                if reader.take(".") {
                    guard let read = reader.fraction() else { return nil }
                    fraction = read
                }
            }
            // A zone: "+02:00" is two hours ahead of UTC, so UTC is two hours earlier.
            if !reader.take("Z"), let sign = reader.take("+") ? -1 : (reader.take("-") ? 1 : nil) {
                guard let hours = reader.number(2), reader.take(":"), let minutes = reader.number(2), hours < 24, minutes < 60 else { return nil }
                seconds += sign * (hours * 3600 + minutes * 60)
            }
        }
        return reader.atEnd ? Date(timeIntervalSince1970: Double(seconds) + fraction) : nil
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Reads ASCII digits and separators off the front of a value.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        /// The digits after a decimal point as a fraction (at least one; past nine, read
        /// and ignored).
        mutating func fraction() -> Double? {
            var value = 0
            var count = 0
            while let digit = digit() {
                if count < 9 {
                    value = value * 10 + digit
                    count += 1
                }
            }
            guard count > 0 else { return nil }
            return Double(value) / pow(10, Double(count))
        }

        /// Exactly `count` digits.
        mutating func number(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}
