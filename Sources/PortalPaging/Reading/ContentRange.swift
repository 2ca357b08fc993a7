import Foundation
import PortalCore

/// `Content-Range: first-last/total`, `*/total` or `*/*`.
public struct ContentRange: Sendable, Hashable {
    /// Nil for `*` (no row in the window).
    public var first: Int?
    public var last: Int?
    /// Nil for `*` (no count asked for).
    public var total: Int?

    public init?(_ text: String) {
        var s = text.trimmingCharacters(in: .whitespaces)
        if s.lowercased().hasPrefix("items ") { s = String(s.dropFirst(6)) }
        let halves = s.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        // The total goes through `ReportedCount`: negative is none, past the cap is the cap
        // (digits beyond Int.max included).
        if halves[1] == "*" {
            total = nil
        } else if let t = Int(halves[1]) {
            total = ReportedCount.plausible(t)
        } else if !halves[1].isEmpty, halves[1].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            total = ReportedCount.maximum
        } else {
            return nil
        }
        if halves[0] == "*" {
            first = nil
            last = nil
        } else {
            let bounds = halves[0].split(separator: "-", maxSplits: 1)
            guard bounds.count == 2, let f = Int(bounds[0]), let l = Int(bounds[1]), f <= l else { return nil }
            first = f
            last = l
        }
    }
}
