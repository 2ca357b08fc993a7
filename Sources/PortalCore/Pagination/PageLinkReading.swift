import Foundation

/// A page URL as the loop guard (`PageLinkGuard`) compares it: its normal form
/// (`NormalisedURL`), its path without a trailing slash (both forms are the same list) and
/// its query's pairs (the first of a repeated name).
///
/// Why a value of its own: reading a URL (splitting it, decoding and sorting its query) was
/// the largest part of folding a page in on the UI thread. The interpreter reads a page's
/// `next` where it decoded the page, off the UI thread (`PageRequest.readLink()`), and the
/// request carries the reading to the guard; a request made without one is read there.
public struct PageLinkReading: Sendable {
    /// The URL text read, so a reading is used only for the URL it was made from.
    let text: String
    public let normalURL: String
    public let path: String
    public let query: [String: String]

    init(_ url: URL) {
        let text = url.absoluteString
        let split = SplitURL(text)
        let pairs = split.map { QueryString.pairs($0.query) } ?? []
        self.text = text
        normalURL = split.map { NormalisedURL.of($0, pairs: pairs) } ?? text
        let path = split?.path ?? url.path
        self.path = path.hasSuffix("/") ? String(path.dropLast()) : path
        query = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Where a request keeps its `PageLinkReading`: a memo, equal to any other and hashing to
/// nothing, so two requests compare and hash as they did without it.
struct PageLinkMemo: Sendable, Hashable {
    var reading: PageLinkReading?

    static func == (_: PageLinkMemo, _: PageLinkMemo) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

extension PageRequest {
    /// Reads the URL for the loop guard now, on this thread (the interpreter does it for a
    /// page's `next` where it decoded the page), so the UI thread does not.
    public mutating func readLink() {
        linkMemo.reading = PageLinkReading(http.url)
    }

    /// The URL's reading: the one made with the request while its URL is still the one
    /// read, else made now.
    public var linkReading: PageLinkReading {
        let text = http.url.absoluteString
        if let made = linkMemo.reading, made.text == text { return made }
        return PageLinkReading(http.url)
    }
}
