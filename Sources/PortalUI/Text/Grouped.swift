/// A whole number with thousands separators, `1,000,000`: the status line's counts are
/// read at a glance on a million-row list. Always commas, whatever the locale, so a
/// screen (and a golden) is the same everywhere.
public enum Grouped {
    public static func text(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}
