import Foundation
import PortalCore

/// `--watch 30s` / `w`: every interval the active tab's first page is asked for again,
/// with its validators (the disk cache sends `If-None-Match` / `If-Modified-Since` from
/// the last answer, so an unchanged page is a 304 and costs no body). Only when that
/// page shows something new — an id never seen, or a larger total — does the list
/// refresh (`R`'s way: the selection stays on its item), the new items marked `new`.
///
/// The look is a page fetch outside the list (its address has a negative generation, so
/// no list ever applies it and the interpreter keeps it apart from the list's own page 1).
/// The watch never makes it: its timer's wake marks a look due (`update`, ListWatch+Update)
/// and the one planning step asks for it (`PlanStep.look`).
struct ListWatch {
    /// When toggled on with `w` and no `--watch`.
    static let defaultInterval: Duration = .seconds(30)
    /// The shortest interval `--watch` takes.
    static let shortestInterval: Duration = .seconds(1)

    /// Every interval while watching; nil when not watching.
    var interval: Duration?
    /// The interval `w` turns on (`--watch`'s, else the default).
    var chosenInterval = defaultInterval
    /// The ticket of the timer set last (`Wake.watch`): an older one's wake does nothing.
    var ticket = 0
    /// The tab whose look is in flight (a timer due meanwhile makes no look).
    var lookInFlight: Int?
    /// Why the last look failed, until one succeeds.
    var failure: String?
    /// The timer is due: the planning step makes the look (a page fetch) if the active
    /// tab can be looked at now, and the flag goes either way.
    var lookDue = false
    /// Each tab's marks, by tab index (`ListMarks`).
    var marks: [Int: ListMarks] = [:]

    /// The address a look for `list` is sent under: never a list's own.
    static func lookAddress(for list: ListAddress) -> ListAddress {
        ListAddress(tab: list.tab, generation: -1 - list.generation)
    }

    /// Whether `address` is a look's, not a list's.
    static func isLook(_ address: ListAddress) -> Bool { address.generation < 0 }

    /// `30s`, `2m`, `1h` (the largest unit that divides it).
    static func text(_ interval: Duration) -> String {
        let seconds = interval.components.seconds
        if seconds >= 3600, seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds >= 60, seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }

    /// Reads `30s`, `2m`, `1h` (a bare number is seconds); nil for anything else or for
    /// less than a second.
    static func interval(parsing text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = trimmed.last else { return nil }
        let (digits, scale): (Substring, Int64) = switch unit {
        case "s": (trimmed.dropLast(), 1)
        case "m": (trimmed.dropLast(), 60)
        case "h": (trimmed.dropLast(), 3600)
        default: (Substring(trimmed), 1)
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int64(digits), count <= 1_000_000 else { return nil }
        let interval = Duration.seconds(count * scale)
        return interval >= shortestInterval ? interval : nil
    }
}
