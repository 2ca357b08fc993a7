import PortalCore

/// Where the mirror serves an API: requests whose path is `claims` or below it are
/// answered by its rules with `mount` taken off the front, links under the
/// public root plus `linkSuffix`.
public struct MirrorMount: Sendable {
    /// The path the route answers (`/api/v2/pokemon`): that path and everything below it.
    public var claims: String
    /// The API root's path on the mirror (`/api/v2`), taken off before the rules see it.
    public var mount: String
    /// Whether `--require-key` guards the route (as on Supabase).
    public var needsKey: Bool
    /// The rules, given the data and the root links are built under.
    public var serve: @Sendable (ServedData, _ publicRoot: BaseURL) -> any ServerRules

    public init(claims: String, mount: String, needsKey: Bool = false,
                serve: @escaping @Sendable (ServedData, _ publicRoot: BaseURL) -> any ServerRules) {
        self.claims = claims
        self.mount = mount
        self.needsKey = needsKey
        self.serve = serve
    }

    /// Whether `path` is this route's.
    public func matches(_ path: String) -> Bool { path == claims || path.hasPrefix(claims + "/") }
}
