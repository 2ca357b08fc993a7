import Foundation
import Synchronization

/// Keeps successful answers by URL (and request headers) so the same page is never
/// fetched twice in a session: going back to the full list after a search, repeating a
/// search, reopening a character. PokeAPI's fair-use policy asks clients to do this.
///
/// Only 2xx answers are kept — a failure must be asked again on retry — and the cache is
/// bounded by bytes, dropping the least recently used answers first.
public final class CachingTransport: Transport {
    private struct Key: Hashable {
        var url: String
        var headers: [String: String]
    }

    private struct Store {
        var entries: [Key: (response: HTTPResponse, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var hits = 0
    }

    private let inner: any Transport
    private let store = Mutex(Store())
    /// The most body bytes kept in all.
    public let capacityBytes: Int

    public init(wrapping inner: any Transport, capacityBytes: Int = 32 * 1_048_576) {
        self.inner = inner
        self.capacityBytes = capacityBytes
    }

    /// Answers served from the cache so far.
    public var hits: Int { store.withLock { $0.hits } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = Key(url: request.url.absoluteString, headers: request.headers)
        if let cached = store.withLock({ store -> HTTPResponse? in
            guard let entry = store.entries[key] else { return nil }
            store.clock += 1
            store.hits += 1
            store.entries[key]?.lastUse = store.clock
            return entry.response
        }) {
            return cached
        }
        let response = try await inner.send(request)
        if (200..<300).contains(response.status), response.body.count <= capacityBytes / 2 {
            store.withLock { store in
                store.clock += 1
                if let old = store.entries.updateValue((response, store.clock), forKey: key) {
                    store.bytes -= old.response.body.count
                }
                store.bytes += response.body.count
                while store.bytes > capacityBytes, let oldest = store.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                    store.bytes -= oldest.value.response.body.count
                    store.entries.removeValue(forKey: oldest.key)
                }
            }
        }
        return response
    }
}
