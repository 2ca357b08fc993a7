import Foundation
import Synchronization

/// A wall clock the test moves by hand, read by the in-process server and the client
/// alike, so token lifetimes and renewals are exact and never wait on real time.
final class HandMovedClock: Sendable {
    private let seconds = Mutex<Double>(1_800_000_000)
    func advance(_ by: Double) { seconds.withLock { $0 += by } }
    var now: Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
}
