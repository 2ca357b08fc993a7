import Foundation
import Synchronization

/// The rate limits of the origins portal talks to, as their last answers over the network
/// said (`RateLimit`), and the one rule for using them: a request to an origin whose
/// budget is spent waits for its reset instead of running into a 429 (issue 35, item 19).
///
/// The live transport (`CurlTransport`) keeps it: it notes every answer it receives and
/// waits before sending while the budget is spent, so `portal list`'s pages, exports and
/// the browser all hold back the same way, and an answer from a cache (whose headers are
/// old) never counts. The browser reads it for the status line and to hold prefetch while
/// the budget is low; `portal list` has the waits said on stderr (`announceWaits`).
public final class RateBudget: Sendable {
    /// The process's: rate limits are per client, whichever transport asks.
    public static let shared = RateBudget()

    /// Origins remembered at most (each a few hundred bytes); past it they start over.
    static let maxOrigins = 64

    private let limits = Mutex<[Origin: RateLimit]>([:])
    private let announcer = Mutex<(@Sendable (String) -> Void)?>(nil)

    public init() {}

    /// Notes what `response`, from `url`'s origin, says of its rate limit.
    public func observe(_ response: HTTPResponse, from url: URL, now: Date = Date()) {
        guard let limit = RateLimit.read(response, now: now), let origin = SplitURL(url.absoluteString)?.origin else { return }
        limits.withLock { table in
            if table.count >= Self.maxOrigins, table[origin] == nil { table.removeAll() }
            var limit = limit
            // An answer to a request sent before others of the same window says more is
            // left than is: the fewest said (or counted, `take`) in a window stands.
            if let known = table[origin], let left = known.remaining, let said = limit.remaining, left < said,
               let a = known.reset, let b = limit.reset, abs(a.timeIntervalSince(b)) <= 1 {
                limit.remaining = left
            }
            table[origin] = limit
        }
    }

    /// The rate limit of `url`'s origin while it holds (nil once its reset has passed, or
    /// when the origin said nothing).
    public func limit(for url: URL, now: Date = Date()) -> RateLimit? {
        guard let origin = SplitURL(url.absoluteString)?.origin else { return nil }
        return limits.withLock { $0[origin] }.flatMap { $0.holds(at: now) ? $0 : nil }
    }

    /// The spent budget a request to `url` must wait out now, with the seconds to wait;
    /// nil when it may go.
    public func spent(for url: URL, now: Date = Date()) -> (limit: RateLimit, seconds: TimeInterval)? {
        guard let limit = limit(for: url, now: now), limit.isSpent(at: now), let reset = limit.reset else { return nil }
        return (limit, reset.timeIntervalSince(now))
    }

    /// Has every wait for a reset said by `say` before it starts (`portal list`: stderr).
    public func announceWaits(_ say: @escaping @Sendable (String) -> Void) {
        announcer.withLock { $0 = say }
    }

    /// Waits while `url`'s origin has no requests left, saying so first, then counts the
    /// request against what is left (so requests sent together, four pictures at once, do
    /// not all go on the last one); throws `TransportError.cancelled` when the task is
    /// cancelled meanwhile.
    public func waitIfSpent(for url: URL) async throws {
        guard let origin = SplitURL(url.absoluteString)?.origin else { return }
        while let (limit, seconds) = reserve(origin, now: Date()) {
            announcer.withLock { $0 }?(limit.waitNote(now: Date()))
            do {
                // A little past the reset: the server's clock and ours are not one.
                try await Task.sleep(for: .milliseconds(Int((seconds * 1000).rounded(.up)) + 250))
            } catch {
                throw TransportError.cancelled
            }
        }
    }

    /// The spent limit to wait out with its seconds, or nil after counting one request
    /// against what is left: one step, so two requests never both take the last one.
    func reserve(_ origin: Origin, now: Date) -> (RateLimit, TimeInterval)? {
        limits.withLock { table in
            guard var limit = table[origin], limit.holds(at: now) else { return nil }
            if limit.isSpent(at: now), let reset = limit.reset { return (limit, reset.timeIntervalSince(now)) }
            if let left = limit.remaining, left > 0 {
                limit.remaining = left - 1
                table[origin] = limit
            }
            return nil
        }
    }
}
