import PortalImage
import PortalEffects
import Synchronization

/// Decoded pictures (and pictures known to be missing) by address, bounded by bytes:
/// past the budget, the least recently used go first. Transient failures are never kept.
/// So a card that comes back on screen, or the pane of a card already seen, costs no
/// request and no decode; the disk cache keeps the bytes behind it, so the budget can be
/// small (a 1M-row session with pictures on stays lean however far it jumps).
final class PictureMemoryCache: Sendable {
    /// The default budget (`PictureBudget.memoryCacheBytes`): about 14 avatars of 192 ×
    /// 192 pixels; the UI's store holds the screens' pictures (the same buffers).
    static let defaultMaxBytes = PictureBudget.memoryCacheBytes
    /// What an entry costs besides its pixels (its key, its slot, a missing picture's words).
    static let entryOverhead = 128

    private struct State {
        var entries: [String: (outcome: PictureOutcome, bytes: Int, used: Int)] = [:]
        var bytes = 0
        var clock = 0
    }

    let maxBytes: Int
    private let state = Mutex(State())

    init(maxBytes: Int = PictureMemoryCache.defaultMaxBytes) {
        self.maxBytes = max(1, maxBytes)
    }

    /// Bytes held now (pixels and each entry's overhead).
    var bytes: Int { state.withLock { $0.bytes } }
    var count: Int { state.withLock { $0.entries.count } }

    func lookup(_ key: String) -> PictureOutcome? {
        state.withLock { s in
            guard var entry = s.entries[key] else { return nil }
            s.clock += 1
            entry.used = s.clock
            s.entries[key] = entry
            return entry.outcome
        }
    }

    func store(_ outcome: PictureOutcome, for key: String) {
        var size = Self.entryOverhead + key.utf8.count
        switch outcome {
        case .picture(let picture): size += picture.byteCount
        case .missing(let why): size += why.utf8.count
        case .failed: return
        }
        guard size <= maxBytes else { return }
        state.withLock { s in
            s.clock += 1
            if let old = s.entries[key] { s.bytes -= old.bytes }
            s.entries[key] = (outcome, size, s.clock)
            s.bytes += size
            guard s.bytes > maxBytes else { return }
            // Evict the least recently used until the budget holds again: one at a time
            // (a full cache is over by one entry on each insert; sorting it all each time
            // cost a sort per picture).
            while s.bytes > maxBytes, let victim = s.entries.min(by: { $0.value.used < $1.value.used })?.key {
                if let gone = s.entries.removeValue(forKey: victim) { s.bytes -= gone.bytes }
            }
        }
    }
}
