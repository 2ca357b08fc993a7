import Foundation
import PortalCore

/// The identity of a cached answer: method, URL, a digest of the body, the request
/// headers that change the answer (`Range`, `Prefer`, `Accept`) verbatim, and an HMAC of
/// every other request header — which is where an API key or a bearer token lives.
///
/// Two requests that differ only in their secret get different entries, yet the secret is
/// never stored, and the HMAC is keyed with the install's own random secret
/// (`CacheSecret`), so a short or common key cannot be recovered from the file by hashing
/// guesses. When the request names a `cacheIdentity` (a signed-in user), that identity
/// stands in for the `Authorization` value: the same user's answers match across access
/// tokens, and no two users' answers ever do.
public struct CacheKey: Sendable, Hashable {
    /// The headers kept verbatim, lowercased: they vary the answer and carry no secret.
    public static let varyingHeaders: Set<String> = ["range", "prefer", "accept"]

    /// The stored key text (`GET https://… | body=<sha256> | range=0-19 | h=<hmac>`).
    public let text: String
    /// The URL's host, for `portal cache stats` and `clear --host`.
    public let host: String

    /// The key of `request`, its secrets keyed with `secret`.
    public init(_ request: HTTPRequest, secret: [UInt8]) {
        var parts = [request.method.uppercased() + " " + request.url.absoluteString]
        if let body = request.body { parts.append("body=" + SHA256.hex(body)) }
        var rest: [String] = []
        for (name, value) in request.cacheKeyedHeaders.map({ ($0.key.lowercased(), $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            if Self.varyingHeaders.contains(name) {
                parts.append("\(name)=\(value)")
            } else {
                rest.append("\(name)=\(value)")
            }
        }
        if let identity = request.cacheIdentity { rest.append("identity=\(identity)") }
        if !rest.isEmpty { parts.append("h=" + HMACSHA256.hex(key: secret, Array(rest.joined(separator: "\n").utf8))) }
        text = parts.joined(separator: " | ")
        host = request.url.host ?? ""
    }
}
