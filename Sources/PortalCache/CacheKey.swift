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

    public init(_ request: HTTPRequest, method: String = "GET") {
        var parts = [method + " " + request.url.absoluteString]
        var rest: [String] = []
        for (name, value) in request.headers.map({ ($0.key.lowercased(), $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            if Self.varyingHeaders.contains(name) {
                parts.append("\(name)=\(value)")
            } else {
                rest.append("\(name)=\(value)")
            }
        }
        if !rest.isEmpty { parts.append("h=" + SHA256.hex(Array(rest.joined(separator: "\n").utf8))) }
        text = parts.joined(separator: " | ")
        host = request.url.host ?? ""
    }
}
