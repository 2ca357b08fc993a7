import Foundation
import PortalCore

/// The identity of a cached answer: method, URL, the request headers that change the
/// answer (`Range`, `Prefer`, `Accept`) verbatim, and a SHA-256 of every other request
/// header — which is where an API key or a bearer token lives. Two keys that differ only
/// in their secret get different entries, yet the secret itself is never stored.
public struct CacheKey: Sendable, Hashable {
    /// The headers kept verbatim, lowercased: they vary the answer and carry no secret.
    public static let varyingHeaders: Set<String> = ["range", "prefer", "accept"]

    /// The stored key text (`GET https://… | range=0-19 | h=<sha256>`).
    public let text: String
    /// The URL's host, for `portal cache stats` and `clear --host`.
    public let host: String

    /// A POST's body (a PostgREST function's arguments) enters as its SHA-256 (`b=`): it is
    /// a read, and two argument sets are two answers. With `cacheIdentity` (a signed-in
    /// user's id) the `Authorization` value — an access token that changes at every
    /// refresh — is left out and the identity enters the digest instead, so one user's
    /// answers survive a refresh and two users' never meet.
    public init(_ request: HTTPRequest) {
        var parts = [request.method + " " + request.url.absoluteString]
        var rest: [String] = []
        for (name, value) in request.headers.map({ ($0.key.lowercased(), $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            if Self.varyingHeaders.contains(name) {
                parts.append("\(name)=\(value)")
            } else if name == "authorization", request.cacheIdentity != nil {
                continue
            } else {
                rest.append("\(name)=\(value)")
            }
        }
        if let identity = request.cacheIdentity { rest.append("identity=\(identity)") }
        if !rest.isEmpty { parts.append("h=" + SHA256.hex(Array(rest.joined(separator: "\n").utf8))) }
        if let body = request.body { parts.append("b=" + SHA256.hex(Array(body))) }
        text = parts.joined(separator: " | ")
        host = request.url.host ?? ""
    }
}
