/// Days since 1970-01-01 to and from a proleptic Gregorian year, month and day, with
/// integer arithmetic only (Howard Hinnant's `days_from_civil` and `civil_from_days`).
///
/// Why not `Calendar`/`DateFormatter`: the first formatter a process makes opens ICU's
/// locale and calendar data (megabytes of resident pages) and can change with the
/// locale; the API's dates (`APIDate`) and the disk cache's timestamps (PortalCache's
/// `CacheTimestamp`) are fixed UTC forms that need neither.
public enum CivilDate {
    /// Days since 1970-01-01 of `year`-`month`-`day` (negative before it).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivision(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    public static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivision(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `value` in decimal, zero-padded on the left to `width` digits (`7` → `"07"`).
    public static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// `value / divisor` rounded toward negative infinity.
    public static func floorDivision(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
