/// The estimate PostgREST gives for `Prefer: count=planned` and `count=estimated`: the
/// planner's statistics, close to the true count but not it. The mirror makes it so, and
/// deterministically: `planned` is about 5 % above (826 → 868), `estimated` about 5 %
/// below (826 → 785), so a client that took either for the end of the list would show
/// placeholders past the rows or lose rows before it — and tests can tell.
public enum CountEstimate: Sendable, Equatable {
    case planned
    case estimated

    /// The estimate `prefer` (lowercased `Prefer` header) asks for; nil for none or exact.
    public init?(prefer: String) {
        if prefer.contains("count=planned") { self = .planned } else if prefer.contains("count=estimated") { self = .estimated } else { return nil }
    }

    /// What the server says for a true count of `total`.
    public func estimate(_ total: Int) -> Int {
        switch self {
        case .planned: total + (total + 19) / 20
        case .estimated: total - total / 20
        }
    }
}
