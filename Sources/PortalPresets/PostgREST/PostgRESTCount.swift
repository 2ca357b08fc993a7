import PortalCore

/// Which total a PostgREST list asks for (`--count`, `Prefer: count=…`), strongest first.
public enum PostgRESTCount: String, Sendable, CaseIterable {
    case exact, planned, estimated, none

    /// The next weaker way to count, or nil when already asking for none.
    public var weaker: PostgRESTCount? {
        switch self {
        case .exact: .estimated
        case .planned, .estimated: PostgRESTCount.none
        case .none: nil
        }
    }

    /// A count that is an estimate, shown as one (`≈ 826`) and never taken as the end.
    public var isEstimate: Bool { self == .planned || self == .estimated }

    /// The `Prefer` header that asks for it; nil for none.
    var prefer: String? { self == .none ? nil : "count=\(rawValue)" }

    /// The count a request asked for, read back from its `Prefer` header.
    static func of(_ request: HTTPRequest) -> PostgRESTCount {
        let prefer = request.headers.first { $0.key.caseInsensitiveCompare("Prefer") == .orderedSame }?.value ?? ""
        if prefer.contains("count=exact") { return .exact }
        if prefer.contains("count=planned") { return .planned }
        if prefer.contains("count=estimated") { return .estimated }
        return .none
    }
}
