import Foundation
import PortalCore

/// An opaque token at `path` sent back as `param` on the list's URL (`next_cursor` →
/// `cursor`, `nextPageToken` → `pageToken`, GraphQL-style `pageInfo.endCursor` → `after`),
/// until the token is gone or `hasNextPage`/`has_more` beside it says false. Walked only.
public struct CursorPaging: PagingDialect {
    public static let name = "cursor"
    /// Body paths of a cursor token and the parameter it goes back in, in the order tried.
    public static let places: [(path: [String], param: String)] = [
        (["next_cursor"], "cursor"), (["meta", "next_cursor"], "cursor"), (["response_metadata", "next_cursor"], "cursor"),
        (["pagination", "next_cursor"], "cursor"), (["nextPageToken"], "pageToken"), (["next_page_token"], "page_token"),
        (["pageInfo", "endCursor"], "after"), (["page_info", "end_cursor"], "after"), (["next_page"], "page"),
        (["cursor"], "cursor"), (["next"], "_next"),
    ]

    public var path: [String]
    public var param: String

    public init(path: [String], param: String) {
        self.path = path
        self.param = param
    }

    /// A token that is no URL at one of `places` (or a `null` there, but a bare `next`).
    public static func recognise(_ answer: FirstAnswer) -> CursorPaging? {
        for (path, param) in places {
            guard let node = answer.root.at(path) else { continue }
            if let token = node.string, !token.isEmpty, !BodyReadings.looksLikeURL(token) { return CursorPaging(path: path, param: param) }
            if node == .null, path.count > 1 || path != ["next"] { return CursorPaging(path: path, param: param) }
        }
        return nil
    }

    public static func told(_ answer: FirstAnswer) throws(PageFailure) -> CursorPaging {
        guard let found = places.first(where: { answer.root.at($0.path) != nil }) else {
            throw PageFailure(.malformed, "--paging cursor: no cursor token in the answer (looked at "
                + places.map { $0.path.joined(separator: ".") }.joined(separator: ", ") + ")")
        }
        return CursorPaging(path: found.path, param: found.param)
    }

    public func next(after answer: PageAnswer) throws(PageFailure) -> PageRequest? {
        guard let node = answer.root.at(path), let token = node.string ?? node.count.map(String.init), !token.isEmpty else { return nil }
        if let more = BodyReadings.hasNextPage(answer.root, cursorPath: path), !more { return nil }
        return answer.setting(param, token, on: answer.list.url)
    }

    public var description: String { "the token at \(path.joined(separator: ".")), sent back as \(param)=" }
}

extension PagingDialect where Self == CursorPaging {
    public static func cursor(path: [String], param: String) -> CursorPaging { CursorPaging(path: path, param: param) }
}
