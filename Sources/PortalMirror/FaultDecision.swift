import Foundation
import Synchronization

/// What happens to one request.
public enum FaultDecision: Sendable, Equatable {
    case none
    /// Close the connection without an answer.
    case drop
    /// Answer this 5xx status.
    case error(Int)
    /// Answer 429 with `Retry-After: 1`.
    case throttle
    /// Answer, but cut the body to this fraction of its length.
    case truncate(Double)
}
