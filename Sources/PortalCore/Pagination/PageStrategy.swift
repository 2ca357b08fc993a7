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
