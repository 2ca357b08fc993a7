import PortalCore
import Synchronization

/// What a live feed pushed since the last display tick, held until the tick: the last
/// change of each record (a record created and then changed is still new; created and
/// then deleted within the tick, it never reaches the list), the connection's last state
/// and the last note. However fast the server pushes, the UI gets one batch a tick, of at
/// most one change a record.
public final class LiveCoalescer: Sendable {
    public struct Batch: Sendable {
        public var changes: [LiveChange] = []
        public var connection: LiveStatus?
        public var note: LiveStatus?
        public var isEmpty: Bool { changes.isEmpty && connection == nil && note == nil }
    }

    private struct State {
        var changes: [RecordKey: LiveChange] = [:]
        /// Keys in the order of their first change this tick.
        var order: [RecordKey] = []
        var connection: LiveStatus?
        var note: LiveStatus?
        var isEmpty: Bool { order.isEmpty && connection == nil && note == nil }
    }

    private let state = Mutex(State())

    public init() {}

    /// Adds a change; true when it is the first thing held since the last `take` (the
    /// caller then asks for a tick).
    public func add(_ change: LiveChange) -> Bool {
        state.withLock { state in
            let first = state.isEmpty
            if let earlier = state.changes[change.key] {
                switch Self.merge(earlier.kind, change.kind) {
                case nil: state.changes[change.key] = nil
                case let kind?:
                    var merged = change
                    merged.kind = kind
                    state.changes[change.key] = merged
                }
            } else {
                state.changes[change.key] = change
                state.order.append(change.key)
            }
            return first
        }
    }

    /// Adds a status (the latest connection state and note are kept); true as for `add`.
    public func add(_ status: LiveStatus) -> Bool {
        state.withLock { state in
            let first = state.isEmpty
            switch status {
            case .note, .reset:
                if case .reset? = state.note, case .note = status { break }  // a reset outranks a note
                state.note = status
            case .open, .reconnecting, .ended: state.connection = status
            }
            return first
        }
    }

    /// Everything held, in the order first changed; empties the holder.
    public func take() -> Batch {
        state.withLock { state in
            let batch = Batch(changes: state.order.compactMap { state.changes[$0] }, connection: state.connection, note: state.note)
            state = State()
            return batch
        }
    }

    /// One change after another to the same record within a tick; nil: nothing at all
    /// (created, then deleted before the list saw it).
    public static func merge(_ earlier: LiveChange.Kind, _ later: LiveChange.Kind) -> LiveChange.Kind? {
        switch (earlier, later) {
        case (.created, .deleted): nil
        case (.created, _): .created
        case (.deleted, .created), (.deleted, .upserted): .updated
        default: later
        }
    }
}
