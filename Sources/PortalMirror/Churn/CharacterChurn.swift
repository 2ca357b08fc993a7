import PortalCore
import PortalDemoModels
import PortalServers
import Synchronization

/// `--churn N`: the characters change N times a second, and every change is kept in a
/// bounded log for the SSE stream (`ChurnEventStream`) to send and to replay on
/// reconnection.
///
/// Change k happens at `start + k/N` seconds. The state is brought up to the clock when
/// it is read (a request's rows, the stream's next events), so the list answers and the
/// events agree: a change is in every answer given after its event can be sent. The
/// clock is injected, so a test moves it by hand and knows exactly which changes exist.
public final class CharacterChurn: Sendable {
    /// Changes a second.
    public let rate: Int
    /// The most changes kept for replay (`Last-Event-ID` older than these: a `reset` event).
    public let logCapacity: Int
    let start: ContinuousClock.Instant
    let now: @Sendable () -> ContinuousClock.Instant
    private let state: Mutex<State>

    struct State {
        var table: ChurnedCharacters
        var generator: SplitMix64
        /// The latest changes, oldest first.
        var log: [ChurnChange] = []
    }

    /// Nil when there is nothing to churn (no base records) or `rate` is under 1.
    public init?(base: any ItemTable<Character>, rate: Int, seed: UInt64, logCapacity: Int = 10_000,
                 now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        guard base.count > 0, rate >= 1 else { return nil }
        self.rate = rate
        self.logCapacity = max(1, logCapacity)
        self.now = now
        start = now()
        state = Mutex(State(table: ChurnedCharacters(base: base), generator: SplitMix64(seed: seed)))
    }

    /// The characters as they are now.
    public func current() -> ChurnedCharacters {
        state.withLock { state in
            advance(&state)
            return state.table
        }
    }

    /// What a stream that sent change `number` sends next: the changes after it, or nil
    /// when the log no longer reaches back to it (or `number` is not one of this run's);
    /// and the number of the latest change.
    public func changes(after number: Int) -> (changes: [ChurnChange]?, latest: Int) {
        state.withLock { state in
            advance(&state)
            let latest = state.table.changes
            guard number >= 0, number <= latest else { return (nil, latest) }
            if number == latest { return ([], latest) }
            guard let first = state.log.first, first.number <= number + 1 else { return (nil, latest) }
            return (Array(state.log[(number + 1 - first.number)...]), latest)
        }
    }

    /// When change `number` happens.
    public func due(_ number: Int) -> ContinuousClock.Instant {
        let whole = number / rate
        let part = number % rate
        return start + .seconds(whole) + .nanoseconds(Int64(part) * 1_000_000_000 / Int64(rate))
    }

    /// Changes that have happened by now.
    private func happened() -> Int {
        let elapsed = now() - start
        guard elapsed > .zero else { return 0 }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Int(min(Double(Int32.max), (seconds * Double(rate)).rounded(.down)))
    }

    private func advance(_ state: inout State) {
        let target = happened()
        while state.table.changes < target {
            state.log.append(state.table.step(&state.generator))
        }
        // Trimmed a quarter at a time, so trimming costs little per change.
        if state.log.count > logCapacity + logCapacity / 4 {
            state.log.removeFirst(state.log.count - logCapacity)
        }
    }
}

/// The churned state one request reads from its first row to its last: without it a
/// change landing between a list's `count` and its rows could leave a row asked for that
/// is no longer there. Set around each answer (`MirrorRoutes.answer`).
enum ChurnPin {
    @TaskLocal static var characters: ChurnedCharacters?
}

/// The characters as `--churn` leaves them, as the API rules read a table: the pinned
/// state of the request (`ChurnPin`), else the state now.
public struct ChurningCharacterTable: ItemTable {
    public let churn: CharacterChurn

    public init(churn: CharacterChurn) { self.churn = churn }

    private var state: ChurnedCharacters { ChurnPin.characters ?? churn.current() }

    public var count: Int { state.count }
    public func item(at position: Int) -> Character { state.item(at: position) }
    public func position(ofID id: Int) -> Int? { state.position(ofID: id) }
    /// Filter scans kept for one state are not used for another.
    public var generation: Int { state.changes }
}
