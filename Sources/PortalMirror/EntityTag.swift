import Foundation
import PortalCore

/// Entity tags for the mirror's answers, so a client's cache can revalidate: every 2xx
/// answer carries `ETag` (a digest of its body), and a request whose `If-None-Match`
/// names the current tag is answered `304 Not Modified` with no body.
enum EntityTag {
    /// A strong tag: the quoted FNV-1a 64-bit digest of the body.
    static func of(_ body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return "\"" + String(hash, radix: 16) + "\""
    }

    /// `response` with its tag, or a 304 when `ifNoneMatch` (a list of tags, or `*`)
    /// already holds it.
    static func apply(to response: HTTPResponse, ifNoneMatch: String?) -> HTTPResponse {
        guard (200..<300).contains(response.status) else { return response }
        var tagged = response
        let tag = of(response.body)
        tagged.headers["etag"] = tag
        guard let ifNoneMatch else { return tagged }
        let named = ifNoneMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard named.contains("*") || named.contains(tag) || named.contains("W/" + tag) else { return tagged }
        var notModified = HTTPResponse(status: 304, headers: [:], body: Data())
        notModified.headers["etag"] = tag
        return notModified
    }
}
