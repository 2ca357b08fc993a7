import PortalCore

/// What both curl transports (`CurlTransport`, `CurlStreamTransport`) refuse before a request
/// reaches curl: a URL with no http(s) origin, and a header HTTP does not allow — checked
/// here too, not only where headers are made, because a value with a control character
/// would reach the wire (a line break starts another header).
enum CurlRequestCheck {
    /// The request's origin, once its URL and headers pass.
    static func origin(of request: HTTPRequest) throws -> Origin {
        guard let origin = SplitURL(request.url.absoluteString)?.origin else {
            throw TransportError.notServed(request.url.absoluteString)
        }
        for (name, value) in request.headers
        where !RequestHeaders.isHeaderName(name) || RequestHeaders.holdsControlCharacter(value) {
            throw TransportError.invalidRequest("the header \(RequestHeaders.isHeaderName(name) ? name : "name") holds characters HTTP does not allow")
        }
        return origin
    }
}
