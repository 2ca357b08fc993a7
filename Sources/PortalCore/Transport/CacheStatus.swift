import Foundation
import Synchronization

/// Where an answer came from when an on-disk cache stands between portal and the server.
///
/// It rides on `HTTPResponse.cache` (and on to `PageContent.cache`) so the trace can say
/// `"cache": "hit"` and the UI can say `cached 3 h ago · offline` without knowing any
/// cache. Nil means the answer came straight from the source, with no disk cache in between.
public struct CacheStatus: Sendable, Equatable {
    /// How the answer was obtained.
    public enum Source: String, Sendable {
        /// Served from the cache without asking the network (fresh, or `--offline`).
        case hit
        /// The cached answer, confirmed unchanged by the server (a 304).
        case revalidated
        /// Fetched from the network.
        case miss
        /// The cached answer, of any age, standing in for a network that failed.
        case stale
    }

    public var source: Source
    /// When the body was fetched from the server (the last 304 counts as fetching it).
    public var fetchedAt: Date
    /// Why the network was not used: the failure for `.stale`, `offline` for `--offline`.
    public var networkUnavailable: String?

    public init(source: Source, fetchedAt: Date, networkUnavailable: String? = nil) {
        self.source = source
        self.fetchedAt = fetchedAt
        self.networkUnavailable = networkUnavailable
    }

    /// True when this answer is shown because the network could not (or may not) be asked.
    public var isOffline: Bool { networkUnavailable != nil }

    /// The status-line text: `cached 3 h ago · offline` for an answer the network could
    /// not confirm, `cached 3 h ago` for a cache hit, nil for an answer just fetched.
    public func label(now: Date) -> String? {
        switch source {
        case .miss, .revalidated: return nil
        case .hit, .stale:
            let text = "cached " + Self.age(now.timeIntervalSince(fetchedAt))
            return isOffline ? text + " · offline" : text
        }
    }

    /// `just now`, `42 s ago`, `5 min ago`, `3 h ago`, `12 d ago`.
    /// Never traps: an age that is no number, negative, or past any `Int` (a date read
    /// back from a damaged cache) is `just now` or the largest number of days.
    public static func age(_ seconds: TimeInterval) -> String {
        let s = seconds.isNaN || seconds <= 0 ? 0 : seconds >= 9.2e18 ? Int.max : Int(seconds)
        switch s {
        case ..<5: return "just now"
        case ..<60: return "\(s) s ago"
        case ..<3600: return "\(s / 60) min ago"
        case ..<86400: return "\(s / 3600) h ago"
        default: return "\(s / 86400) d ago"
        }
    }
}

/// A promise a cache attaches to an answer: "tell me whether this decoded". A cache must
/// only keep a body that is served correctly, and only the code that decodes it (a page
/// strategy, the avatar decoder) knows that a 200 is complete — a body cut short still has
/// a status 200 and a matching Content-Length when a proxy or the mirror's truncate fault
/// cut it. `RetryingSender` confirms every answer that decoded and rejects every one that
/// did not.
///
/// - `confirm` runs the cache's keep action, once: a new answer is stored.
/// - `reject` runs its drop action, once: an answer a cache served (or an older copy of
///   it) is removed, so the next attempt — automatic or `r` — reaches the network instead
///   of reading the same bad bytes back. After a reject a confirm does nothing.
public final class DecodeReceipt: Sendable {
    private struct Actions {
        var onDecoded: (@Sendable () -> Void)?
        var onRejected: (@Sendable () -> Void)?
    }

    private let actions: Mutex<Actions>

    public init(onDecoded: @escaping @Sendable () -> Void = {}, onRejected: (@Sendable () -> Void)? = nil) {
        self.actions = Mutex(Actions(onDecoded: onDecoded, onRejected: onRejected))
    }

    /// Runs the cache's keep action once.
    public func confirm() {
        let action = actions.withLock { actions -> (@Sendable () -> Void)? in
            defer { actions.onDecoded = nil }
            return actions.onDecoded
        }
        action?()
    }

    /// Runs the cache's drop action once; no keep action runs after it.
    public func reject() {
        let action = actions.withLock { actions -> (@Sendable () -> Void)? in
            defer { actions = Actions() }
            return actions.onRejected
        }
        action?()
    }
}
