import Foundation

/// The rule for one API's pagination: what the first page is, how to decode a page, and
/// where the next one is. The list loader is the same for every API; only this changes.
public protocol PageStrategy<Item>: Sendable {
    associatedtype Item: Identifiable & Sendable where Item.ID: Sendable

    /// The first page of the list.
    var firstPage: PageRequest { get }

    /// Decodes an answer to `request`. An error status or malformed body is a
    /// `PageFailure`; the end of the list is a content whose `next` is nil.
    func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> PageContent<Item>
}

extension PageStrategy {
    /// A failure for a non-2xx answer (see `PageFailure(statusOf:)`).
    public func statusFailure(_ response: HTTPResponse) -> PageFailure {
        PageFailure(statusOf: response)
    }
}

/// Short names for the statuses portal reports.
public enum HTTPStatusText {
    public static func describe(_ status: Int) -> String {
        switch status {
        case 400: "HTTP 400 Bad Request"
        case 404: "HTTP 404 Not Found"
        case 416: "HTTP 416 Range Not Satisfiable"
        case 429: "HTTP 429 Too Many Requests"
        case 500: "HTTP 500 Internal Server Error"
        case 502: "HTTP 502 Bad Gateway"
        case 503: "HTTP 503 Service Unavailable"
        case 504: "HTTP 504 Gateway Timeout"
        default: "HTTP \(status)"
        }
    }
}
