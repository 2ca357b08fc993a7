import Foundation

/// Turns resource URLs (`…/episode/28`, `…/avatar/1.jpeg`) into their ids.
public enum ResourceURL {
    /// The number in the last path segment (before any extension), or nil; `Int.max` for
    /// one too long to fit. Scans bytes
    /// from the end without allocating: it runs for every link of every decoded item.
    public static func trailingID(_ url: String) -> Int? {
        var url = url
        return url.withUTF8 { bytes -> Int? in
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            var start = end
            while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            var value = 0
            var digits = 0
            var i = start
            while i < end, bytes[i] >= 48, bytes[i] <= 57 {
                // Past 18 digits the value no longer fits: it saturates, so a huge id
                // reads as huge (and is refused by `linkID`), never as a smaller one.
                value = digits < 18 ? value * 10 + Int(bytes[i] - 48) : Int.max
                digits += 1
                i += 1
            }
            guard digits > 0, i == end || bytes[i] == UInt8(ascii: ".") else { return nil }
            return value
        }
    }

    /// The id of a link as models store it: nil when the URL carries none (an empty
    /// `url` of an unknown place), an error when it carries one beyond 32 bits — refused,
    /// never truncated (`…/episode/4294967297` must not become episode 1).
    public static func linkID(_ url: String) throws(IDOutOfRange) -> Int32? {
        guard let id = trailingID(url) else { return nil }
        guard let exact = Int32(exactly: id) else { throw IDOutOfRange(url: url) }
        return exact
    }
}

/// A link whose id does not fit in the 32 bits models keep.
public struct IDOutOfRange: Error, Sendable, CustomStringConvertible {
    public let url: String
    public var description: String { "id out of range in \(url)" }
}
