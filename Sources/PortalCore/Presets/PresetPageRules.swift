import Foundation

/// What a preset knows about its API's paging that no answer says, beside its dialect:
/// the small hooks the dialect's rules cannot guess (Rick and Morty's 404 that means an
/// empty search, PokeAPI's empty page that ends a list whose `next` goes on, a next link
/// the server writes unencoded). Everything else — the next request, page N, the total —
/// is the dialect's, the same code a `--url` list runs.
public protocol PresetPageRules: Sendable {
    /// Whether `response` to `request` means an empty list rather than a failure.
    func isEmptyList(_ response: HTTPResponse, for request: PageRequest) -> Bool

    /// Whether a page with no items ends the list even when the answer names a next page.
    var endsOnEmptyPage: Bool { get }

    /// The request for a next link the dialect found in `answer` (as page `answer.nextIndex`).
    func request(following link: String, after answer: PageAnswer) throws(PageFailure) -> PageRequest?
}

extension PresetPageRules {
    public func isEmptyList(_ response: HTTPResponse, for request: PageRequest) -> Bool { false }

    public var endsOnEmptyPage: Bool { false }

    /// As any API's: on the list's origin only.
    public func request(following link: String, after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        try answer.sameOrigin(link)
    }
}
