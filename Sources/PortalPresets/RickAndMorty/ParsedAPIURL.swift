import PortalCore

/// An API URL taken apart: where it points and what it asks.
public struct ParsedAPIURL: Sendable, Hashable {
    public var origin: Origin
    /// The path before the resource, e.g. `/api`.
    public var rootPath: String
    public var request: APIRequest
}
