import PortalImage
import PortalEffects
import Synchronization

/// Decoded pictures (and pictures known to be missing) by address, bounded by count and
/// by bytes: past either, the least recently used go first. Transient failures are never
/// kept. So a card that comes back on screen, or the pane of a card already seen, costs
/// no request and no decode; the disk cache keeps the bytes behind it.
final class PictureMemoryCache: Sendable {
    private struct State {
        var entries: [String: (outcome: PictureOutcome, bytes: Int, used: Int)] = [:]
        var bytes = 0
        var clock = 0
    }

    let maxCount: Int
    let maxBytes: Int
    private let state = Mutex(State())

    init(maxCount: Int, maxBytes: Int) {
        self.maxCount = max(1, maxCount)
        self.maxBytes = max(1, maxBytes)
    }

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
        let size: Int
        switch outcome {
        case .picture(let picture): size = picture.byteCount
        case .missing: size = 0
        case .failed: return
        }
        guard size <= maxBytes else { return }
        state.withLock { s in
            s.clock += 1
            if let old = s.entries[key] { s.bytes -= old.bytes }
            s.entries[key] = (outcome, size, s.clock)
            s.bytes += size
            guard s.entries.count > maxCount || s.bytes > maxBytes else { return }
            // Evict the least recently used until both bounds hold again: one at a time
            // (a full cache is over by one entry on each insert; sorting it all each time
            // cost a sort per picture).
            while s.entries.count > maxCount || s.bytes > maxBytes,
                  let victim = s.entries.min(by: { $0.value.used < $1.value.used })?.key {
                if let gone = s.entries.removeValue(forKey: victim) { s.bytes -= gone.bytes }
            }
        }
    }
}
