import Foundation
import PortalCore

/// Sends the user's credentials only to the origins the user named: a request to any other
/// origin goes without them. The one place this is enforced, whatever made the request (a
/// list's pages, an OpenAPI document's lists on its `servers`, a GraphQL schema's, a link).
///
/// Why: the sources attach the user's headers to every request they make, and an OpenAPI
/// document's `servers` (or a server variable) may name another origin — which received
/// the `--header` values, `PORTAL_API_KEY`, the document URL's password as Basic and a
/// saved API's bearer token. The user named the config's `url`, the document's own origin,
/// `--base-url`; only those get them.
///
/// A credential is a header the user gave (name and value, the name in any case): it is
/// removed from a request to another origin; a header of the same name with another value
/// (a source's own `Content-Type`) stays. It sits outside the caches, so they key and keep
/// what was sent.
public struct CredentialScopeTransport: Transport {
    private let inner: any Transport
    public let scope: CredentialScope

    public init(wrapping inner: any Transport, scope: CredentialScope) {
        self.inner = inner
        self.scope = scope
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await inner.send(scope.scoped(request))
    }
}

/// The user's credentials and the origins they may go to (`CredentialScopeTransport`).
public struct CredentialScope: Sendable, Equatable {
    /// Header name (lowercased) → the values the user gave under it.
    private let credentials: [String: Set<String>]
    public let origins: Set<Origin>

    /// `headers`: every header the user gave (`--header`, the key, a URL's password as
    /// Basic, a saved API's headers); `named`: the URLs the user named, whose origins get them.
    public init(headers: [String: String]..., named urls: [String]) {
        var credentials: [String: Set<String>] = [:]
        for (name, value) in headers.joined() { credentials[name.lowercased(), default: []].insert(value) }
        self.credentials = credentials
        origins = Set(urls.compactMap { SplitURL($0)?.origin })
    }

    /// Whether a request to `url` may carry the credentials.
    public func trusts(_ url: URL) -> Bool {
        SplitURL(url.absoluteString).map { origins.contains($0.origin) } ?? false
    }

    /// `request` as it may go: as it is to a named origin, without the credentials elsewhere.
    public func scoped(_ request: HTTPRequest) -> HTTPRequest {
        guard !credentials.isEmpty, !trusts(request.url) else { return request }
        var scoped = request
        for (name, value) in request.headers where credentials[name.lowercased()]?.contains(value) == true {
            scoped.headers.removeValue(forKey: name)
        }
        return scoped
    }
}
