import PortalJSON

/// What a page past the end of a list answers, where an API answers it with an error
/// status rather than an empty page (a spec's `past_end`): Rick and Morty's 404 with
/// `{"error":"There is nothing here"}`, also for a search that matches nothing. That
/// answer ends the list (on its first page: an empty list).
///
/// Why the body too: a status alone cannot tell the end of a list from a wrong base URL or
/// a mistyped path, which answer the same 404 with another body (an HTML page,
/// `{"detail":"Not found."}`) and must fail the page, not show "no records match". With
/// `error`, only an answer whose JSON body's top-level `error` is exactly that text is the
/// end; without it (`past_end = 404`) any answer of that status is.
public struct PastEnd: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status a page past the end answers.
    public var status: Int
    /// The text of the body's top-level `error` field that says so; nil: any body.
    public var error: String?

    public init(status: Int, error: String? = nil) {
        self.status = status
        self.error = error
    }

    /// Whether `response` is the end of the list as this says it is answered.
    public func matches(_ response: HTTPResponse) -> Bool {
        guard response.status == status else { return false }
        guard let error else { return true }
        guard let root = try? JSONNode.parse(response.body) else { return false }
        return root.node["error"]?.string == error
    }

    /// `404`, or `404 "There is nothing here"`.
    public var description: String {
        String(status) + (error.map { " \"\($0.prefix(80))\"" } ?? "")
    }
}
