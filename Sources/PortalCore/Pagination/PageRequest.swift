import Foundation

/// One page to ask for: the HTTP request and its place in the list (0 for the first page).
public struct PageRequest: Sendable, Hashable, CustomStringConvertible {
    public var http: HTTPRequest
    public var index: Int
    /// The URL as the loop guard reads it, when read where the request was made
    /// (`readLink()`, PageLinkReading.swift); left out of equality and hashing.
    var linkMemo = PageLinkMemo()

    public init(http: HTTPRequest, index: Int) {
        self.http = http
        self.index = index
    }

    public init(url: URL, headers: [String: String] = [:], index: Int) {
        self.init(http: HTTPRequest(url: url, headers: headers), index: index)
    }

    public var description: String { "page \(index + 1) (\(http.url.absoluteString))" }
}
