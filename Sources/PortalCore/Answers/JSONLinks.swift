import Foundation
import PortalJSON

/// The same-origin URLs inside the items of an API portal has no description for, as
/// links the detail pane can follow (`ItemLink`, which carries the URL itself): which
/// strings are links, and each URL's number (`id(of:)`, the same for every spelling), the
/// id of what it answers.
public enum JSONLinks {
    /// A stable number for a URL (FNV-1a, 62 bits), the same for every spelling of it
    /// (`NormalisedURL`: query order, a default port), so a link that goes round is known.
    public static func id(of url: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in NormalisedURL.of(url).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash & 0x3fff_ffff_ffff_ffff)
    }

    /// Whether `text` is a URL on `origin` (an `Origin.description`): compared as origins,
    /// so `https://api.github.com/users/x` is on `https://api.github.com:443`.
    public static func isLink(_ text: String, origin: String?) -> Bool {
        guard let origin, text.hasPrefix("http") else { return false }
        return SplitURL(text)?.origin.description == origin
    }

    /// The origin of a URL, as `isLink` compares it.
    public static func origin(of url: URL) -> String? {
        SplitURL(url.absoluteString)?.origin.description
    }

    /// Every string in `node` that is a link on `origin`, depth-bounded.
    public static func collect(_ node: JSONNode, origin: String, into found: inout [String], depth: Int = 0) {
        guard depth < 16, found.count < 4096 else { return }
        switch node {
        case .string(let s): if isLink(s, origin: origin) { found.append(s) }
        case .array(let items): for item in items { collect(item.node, origin: origin, into: &found, depth: depth + 1) }
        case .object(let fields): for field in fields { collect(field.value.node, origin: origin, into: &found, depth: depth + 1) }
        default: break
        }
    }
}
