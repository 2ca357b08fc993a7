import PortalCore

/// Where asking again for a dropped page stands.
enum WalkedRefetch {
    case none
    case loading(PageRequest)
    /// Asked only by `retry` (never in a loop by the viewport), not before `notBefore`.
    case failed(PageFailure, notBefore: ContinuousClock.Instant?)
}
