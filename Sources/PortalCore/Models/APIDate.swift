import Foundation

/// Reads and writes the API's `created` timestamps (`2017-11-04T18:48:46.250Z`).
///
/// Hand-written because it runs once per decoded item: ISO8601DateFormatter is slow and
/// not thread-safe, and the API always uses this one exact shape.
public enum APIDate {
    /// Parses `YYYY-MM-DDTHH:MM:SS(.mmm)Z`; nil for anything else.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    static func parse(utf8 b: UnsafeBufferPointer<UInt8>) -> Date? {
        guard b.count >= 20, b[4] == 45, b[7] == 45, b[10] == 84, b[13] == 58, b[16] == 58,
              b.last == 90 else { return nil }
        func num(_ from: Int, _ count: Int) -> Int? {
            var v = 0
            for i in from..<(from + count) {
                let d = Int(b[i]) - 48
                guard (0...9).contains(d) else { return nil }
                v = v * 10 + d
            }
            return v
        }
        guard let year = num(0, 4), let month = num(5, 2), let day = num(8, 2),
              let hour = num(11, 2), let minute = num(14, 2), let second = num(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var millis = 0
        if b.count > 20 {
            guard b[19] == 46 else { return nil }
            let digits = b.count - 21
            guard digits >= 1, digits <= 9, let fraction = num(20, digits) else { return nil }
            var scaled = Double(fraction)
            for _ in 0..<digits { scaled /= 10 }
            millis = Int((scaled * 1000).rounded())
        } else if b.count != 20 {
            return nil
        }
        let days = CivilDate.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + Double(millis) / 1000)
    }

    /// Formats with milliseconds and `Z`, as the API does.
    public static func format(_ date: Date) -> String {
        let totalMillis = Int((date.timeIntervalSince1970 * 1000).rounded())
        var secs = CivilDate.floorDivision(totalMillis, 1000)
        let millis = totalMillis - secs * 1000
        let days = CivilDate.floorDivision(secs, 86_400)
        secs -= days * 86_400
        let (y, m, d) = CivilDate.date(days: days)
        let pad = CivilDate.digits
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(secs / 3600, 2)):\(pad(secs % 3600 / 60, 2)):\(pad(secs % 60, 2)).\(pad(millis, 3))Z"
    }
}
