import Foundation

/// Parses `--max-age` (`90`, `90s`, `30m`, `12h`, `7d`) and `--cache-size` (`1048576`,
/// `500K`, `256M`, `1G`, binary multiples) values.
public enum CacheArgument {
    public static func seconds(_ text: String) -> TimeInterval? {
        number(text, units: ["s": 1, "m": 60, "h": 3600, "d": 86_400]).map(TimeInterval.init)
    }

    public static func bytes(_ text: String) -> Int? {
        number(text, units: ["b": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30])
    }

    private static func number(_ text: String, units: [String: Int]) -> Int? {
        var digits = text.trimmingCharacters(in: .whitespaces).lowercased()
        if digits.hasSuffix("ib") { digits.removeLast(2) } else if digits.hasSuffix("b") && digits.count > 1 && units[String(digits.dropLast().suffix(1))] != nil { digits.removeLast() }
        var multiplier = 1
        if let last = digits.last, !last.isNumber {
            guard let unit = units[String(last)] else { return nil }
            multiplier = unit
            digits.removeLast()
        }
        guard let value = Int(digits), value >= 0 else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }
}
