import PortalCore

/// How a PostgREST list asks for its windows of rows.
public enum PostgRESTWindow: Sendable {
    /// `Range: first-last` with `Range-Unit: items` (a table).
    case rangeHeader
    /// `limit=N&offset=O` in the query (a function's rows, as Supabase's clients ask them).
    case limitOffset
}
