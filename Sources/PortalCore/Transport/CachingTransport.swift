import Foundation
import Synchronization

/// Keeps good answers by URL (and request headers) so the same page is never fetched
/// twice in a session: going back to the full list after a search, repeating a search,
/// reopening a character. PokeAPI's fair-use policy asks clients to do this.
///
/// An answer is kept only once whoever asked for it has decoded it and said so
/// (`HTTPResponse.confirmDecoded`): a 200 that was cut off or is not the expected JSON is
/// never kept, so a retry — automatic or `r` — reaches the network again instead of being
/// served the same bad bytes. Errors are never kept either. A kept answer that does not
/// decode for a later caller (`HTTPResponse.rejectUndecodable`) is dropped here and from
/// the disk cache behind. The cache is bounded by bytes,
/// dropping the least recently used answers first.
public final class CachingTransport: Transport {
    private let inner: any Transport
    private let store: ResponseStore
    /// The most body bytes kept in all.
    public var capacityBytes: Int { store.capacityBytes }

    /// The budget for a session with nothing behind it: every answer comes from here or
    /// from the network.
    public static let budgetWithoutDisk = 32 * 1_048_576
    /// The budget when a disk cache is behind: the disk holds every answer, so this one
    /// keeps only what is revisited soon — about a hundred 9 KB pages of 20 characters,
    /// many screens — not a second copy of the session (issue 27, item 4: 60 jumps on a
    /// 1M list kept every page they loaded here as well as on disk).
    public static let budgetWithDisk = 1_048_576

    /// The budget for a session cache in front of a disk cache (`diskBehind`) or not.
    public static func budget(diskBehind: Bool) -> Int {
        diskBehind ? budgetWithDisk : budgetWithoutDisk
    }

    public init(wrapping inner: any Transport, capacityBytes: Int = CachingTransport.budgetWithoutDisk) {
        self.inner = inner
        self.store = ResponseStore(capacityBytes: capacityBytes)
    }

    /// Answers served from the cache so far.
    public var hits: Int { store.hits }
    /// Answers kept now.
    public var count: Int { store.count }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = ResponseStore.Key(request)
        // `R` asks past this cache; the disk cache behind revalidates. A reload drops
        // what is kept: it is out of date.
        let store = self.store
        if request.reload { store.remove(key) }
        if !request.revalidate, !request.reload, var cached = store.lookup(key) {
            // Served from memory: if it does not decode for this caller, it goes from
            // here and from the disk cache behind (whose receipt it kept).
            let behind = cached.receipt
            cached.receipt = DecodeReceipt(onRejected: {
                store.remove(key)
                behind?.reject()
            })
            return cached
        }
        var response = try await inner.send(request)
        let behind = response.receipt
        // A picture's bytes are not kept: its decoded pixels are (the interpreter's
        // picture cache), and the disk cache has the bytes; a second copy here was most of
        // what a session with pictures grew by (issue 27, item 4).
        if (200..<300).contains(response.status), response.body.count <= capacityBytes / 2, !response.isPicture {
            // Kept once it decodes, then the disk cache behind is told too.
            let kept = response
            response.receipt = DecodeReceipt(onDecoded: {
                store.keep(kept, for: key)
                behind?.confirm()
            }, onRejected: {
                store.remove(key)
                behind?.reject()
            })
        }
        return response
    }
}

/// The cached answers, least recently used dropped first past `capacityBytes`.
final class ResponseStore: Sendable {
    /// Method, URL, headers and body; for a signed-in request the user's id stands in
    /// for the `Authorization` value (an access token that changes at every refresh).
    struct Key: Hashable, Sendable {
        var method: String
        var url: String
        var headers: [String: String]
        var body: Data?
        var identity: String?

        init(_ request: HTTPRequest) {
            method = request.method
            url = request.url.absoluteString
            body = request.body
            identity = request.cacheIdentity
            headers = request.cacheKeyedHeaders
        }

        /// What the key holds: its URL and body count against the budget as the answer
        /// does (a server's cursor can make a URL of megabytes).
        var bytes: Int { url.utf8.count + (body?.count ?? 0) }
    }

    private struct Entries {
        var table: [Key: (response: HTTPResponse, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var hits = 0
    }

    let capacityBytes: Int
    private let entries = Mutex(Entries())

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    var hits: Int { entries.withLock { $0.hits } }
    var count: Int { entries.withLock { $0.table.count } }

    func lookup(_ key: Key) -> HTTPResponse? {
        entries.withLock { entries -> HTTPResponse? in
            guard let entry = entries.table[key] else { return nil }
            entries.clock += 1
            entries.hits += 1
            entries.table[key]?.lastUse = entries.clock
            return entry.response
        }
    }

    func remove(_ key: Key) {
        entries.withLock { entries in
            if let old = entries.table.removeValue(forKey: key) { entries.bytes -= old.response.body.count + key.bytes }
        }
    }

    func keep(_ response: HTTPResponse, for key: Key) {
        entries.withLock { entries in
            entries.clock += 1
            if let old = entries.table.updateValue((response, entries.clock), forKey: key) {
                entries.bytes -= old.response.body.count + key.bytes
            }
            entries.bytes += response.body.count + key.bytes
            while entries.bytes > capacityBytes, let oldest = entries.table.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                entries.bytes -= oldest.value.response.body.count + oldest.key.bytes
                entries.table.removeValue(forKey: oldest.key)
            }
        }
    }
}

extension HTTPResponse {
    /// An image answer (`Content-Type: image/…`), which `CachingTransport` does not keep.
    var isPicture: Bool {
        headers["content-type"]?.lowercased().hasPrefix("image/") == true
    }
}
