import Foundation
import Synchronization

/// The same-origin URLs inside the items of an API portal has no description for, as
/// links the detail pane can follow: each URL gets a number (`id(of:)`, the same on every
/// call, so the pane can name a link from the text alone), and the source keeps the URL
/// for the number once it has seen it in an answer (`LinkBook`).
public enum JSONLinks {
    /// The kind of a linked item: `link:<n>`, so the pane's key and the answer's item agree
    /// on the number without the answer having to say it.
    public static func kind(_ id: Int) -> ItemKind { ItemKind(rawValue: "link:\(id)") }

    /// The number `kind` names, if it is a link's.
    public static func id(in kind: ItemKind) -> Int? {
        guard kind.rawValue.hasPrefix("link:") else { return nil }
        return Int(kind.rawValue.dropFirst(5))
    }

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
    static func collect(_ node: JSONNode, origin: String, into found: inout [String], depth: Int = 0) {
        guard depth < 16, found.count < 4096 else { return }
        switch node {
        case .string(let s): if isLink(s, origin: origin) { found.append(s) }
        case .array(let items): for item in items { collect(item.node, origin: origin, into: &found, depth: depth + 1) }
        case .object(let fields): for field in fields { collect(field.value.node, origin: origin, into: &found, depth: depth + 1) }
        default: break
        }
    }
}

/// The URLs behind link numbers seen in a source's answers, bounded (the oldest half goes
/// when it is full). Shared by the source's copies; a lock, not an actor, since decoding
/// is synchronous.
public final class LinkBook: Sendable {
    public static let capacity = 100_000
    private let urls = Mutex<(byID: [Int: String], order: [Int])>(([:], []))

    public init() {}

    public func remember(_ links: [String]) {
        urls.withLock { book in
            for link in links {
                let id = JSONLinks.id(of: link)
                guard book.byID[id] == nil else { continue }
                book.byID[id] = link
                book.order.append(id)
            }
            if book.order.count > Self.capacity {
                let dropped = book.order.prefix(book.order.count / 2)
                for id in dropped { book.byID[id] = nil }
                book.order.removeFirst(dropped.count)
            }
        }
    }

    public func url(for id: Int) -> String? { urls.withLock { $0.byID[id] } }
}
