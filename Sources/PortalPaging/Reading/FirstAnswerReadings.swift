import Synchronization
import PortalCore

/// What each list of a many-list source learnt from its own first answer (how it pages,
/// whether its cursors are offsets), kept by the list's name once that answer arrives.
///
/// Why: a source of many lists (an OpenAPI document's operations, a GraphQL schema's root
/// connections) asked every list's first page before anything was shown, to read how it
/// pages — 1,003 requests for a document of 1,000 lists before the first screen, 1,002 for
/// `portal list` of one connection. Now a list is read when its own first page is decoded
/// (its tab is shown, or `portal list` names it), and what was read is kept here for its
/// later pages; describing more lists costs nothing until they are used.
///
/// Shared by every copy of the source (a reference), and only ever filled in: a later
/// first answer (`R`, a new search) replaces a list's reading with the one it read, so a
/// page is always decoded as its list's latest first answer says.
public final class FirstAnswerReadings<Value: Sendable>: Sendable {
    private let table = Mutex<[String: Value]>([:])

    public init() {}

    /// What list `name`'s first answer said, once it arrived.
    public subscript(name: String) -> Value? {
        table.withLock { $0[name] }
    }

    /// Keeps what list `name`'s first answer said.
    public func learn(_ value: Value, for name: String) {
        table.withLock { $0[name] = value }
    }

    /// How many lists have been read.
    public var count: Int { table.withLock { $0.count } }
}
