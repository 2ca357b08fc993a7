import Foundation
import PortalCore

// Foundation and PortalCore only: the fuzz package compiles this file (with FreshnessPolicy.swift,
// CacheControl.swift and CacheArgument.swift) without SQLite, for fuzz-cache-answer (docs/fuzzing.md).

/// A kept answer's columns as read back from the cache file, judged before anything is
/// served from them. The file may be damaged, or planted by whoever could write the
/// folder: a status, a date, a size or a header in it is untrusted input like a server's.
public enum AnswerReadBack {
    /// Whether an answer with `status` may be served from the cache: 2xx only.
    public static func isServable(status: Int) -> Bool {
        (200..<300).contains(status)
    }

    /// The kept headers from their stored JSON text: only the names a cache keeps
    /// (`StoredAnswer.keptHeaders`), lowercased; text that does not read is no headers.
    public static func headerFields(_ text: String) -> [String: String] {
        guard text.utf8.count <= 65_536,
              let object = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)) else { return [:] }
        var fields: [String: String] = [:]
        for (name, value) in object where keptHeaders.contains(name.lowercased()) {
            fields[name.lowercased()] = value
        }
        return fields
    }

    /// The response headers a cache keeps: what the strategies read (`Content-Range`,
    /// `Content-Type`) and what freshness and revalidation need.
    public static let keptHeaders: Set<String> = ["content-range", "content-type", "etag", "last-modified", "cache-control"]

    /// Seconds since an answer was fetched; nil when that is no usable number (NaN, or a
    /// fetch time more than a minute in the future: clocks differ by less). Nil is never
    /// fresh.
    public static func age(fetchedAt: Date, now: Date) -> TimeInterval? {
        let age = now.timeIntervalSince(fetchedAt)
        guard age.isFinite, age > -60 else { return nil }
        return age
    }
}

/// Numbers read back from the cache file, made safe to compute with: the file may be
/// damaged or written by someone else, and no figure in it may trap portal.
public enum CacheNumbers {
    /// The latest date portal believes: the end of the year 9999.
    public static let latest: TimeInterval = 253_402_300_799

    /// `value` as an Int, saturating at the bounds; NaN is 0.
    public static func int(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        if value >= Double(Int.max) { return Int.max }
        if value <= Double(Int.min) { return Int.min }
        return Int(value)
    }

    /// The sum of `values`, saturating instead of overflowing.
    public static func sum(_ values: [Int]) -> Int {
        values.reduce(0) { total, value in
            let (sum, overflow) = total.addingReportingOverflow(value)
            return overflow ? (value > 0 ? Int.max : Int.min) : sum
        }
    }

    /// A Unix time as a date, when it is one between 1970 and 9999.
    public static func date(_ seconds: Double) -> Date? {
        guard seconds.isFinite, seconds >= 0, seconds <= latest else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }
}
