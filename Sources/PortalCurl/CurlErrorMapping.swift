import CCurl
import Foundation
import PortalCore

/// Turns how a curl transfer ended into the `TransportError` the rest of portal knows (the
/// retry policy tells `cannotConnect` from a timeout, and never retries `malformedAnswer`).
///
/// No text from curl's error buffer is passed on: it can quote the URL or a header. What is
/// kept is `curl_easy_strerror`'s fixed sentence for the code, or portal's own words.
enum CurlErrorMapping {
    static func map(_ code: CURLcode, transfer: CurlTransfer, connected: Bool) -> TransportError {
        let place = transfer.origin.written
        let proxy = transfer.request.proxy.map { "the proxy " + ProxyEnvironment.shown($0) }
        switch code {
        case CURLE_COULDNT_CONNECT:
            return .cannotConnect("\(proxy ?? place) refused the connection")
        case CURLE_COULDNT_RESOLVE_HOST:
            return .cannotConnect("no address for \(place)")
        case CURLE_COULDNT_RESOLVE_PROXY:
            return .cannotConnect("no address for \(proxy ?? "the proxy")")
        case CURLE_OPERATION_TIMEDOUT:
            return timeout(transfer, connected: connected, now: .now)
        case CURLE_FILESIZE_EXCEEDED:
            return .bodyTooLarge(limit: transfer.limits.maxBodyBytes)
        case CURLE_GOT_NOTHING:
            return .connectionFailed("the server closed the connection")
        case CURLE_PARTIAL_FILE:
            return .connectionFailed("the server closed the connection before the whole body")
        case CURLE_WEIRD_SERVER_REPLY:
            return .malformedAnswer("not HTTP portal can read")
        case CURLE_UNSUPPORTED_PROTOCOL:
            // Only http and https are ever asked for: this is curl refusing an answer
            // without a status line (HTTP/0.9).
            return .malformedAnswer("no valid HTTP status line")
        case CURLE_BAD_CONTENT_ENCODING:
            return .malformedAnswer("a body in an encoding portal did not ask for")
        case CURLE_URL_MALFORMAT:
            return .notServed(place)
        case CURLE_PROXY:
            return .connectionFailed("\(proxy ?? "the proxy") refused to pass the request on")
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        default:
            return .connectionFailed(String(cString: curl_easy_strerror(code)))
        }
    }

    /// A deadline passed: which one. Before any connection was made it is the server (or
    /// the proxy) that never accepted one.
    static func timeout(_ transfer: CurlTransfer, connected: Bool, now: ContinuousClock.Instant) -> TransportError {
        guard connected else {
            let whom = transfer.request.proxy.map { "the proxy " + ProxyEnvironment.shown($0) } ?? transfer.origin.written
            return .cannotConnect("\(whom) did not accept a connection")
        }
        return .timedOut(transfer.expired(at: now) ?? (now >= transfer.limits.deadline ? .overall(seconds: transfer.limits.overall) : .idle(seconds: transfer.limits.idle)))
    }
}
