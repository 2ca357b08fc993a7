import Foundation
import PortalCore
import PortalJSON

/// A GraphQL answer read: its `data` and the messages of its `errors`.
///
/// An answer with `errors` and no `data` (HTTP 200 or 400, as servers differ) is a
/// failure showing the messages, never retried (the same query gets the same errors); a
/// 5xx or 429 without them is retried as any page; `data` with `errors` beside it is a
/// partial answer, read with `errors` kept for a notice.
public struct GraphQLAnswer: Sendable {
    public var data: JSONSpan
    /// The `errors` messages of a partial answer, sanitised.
    public var errors: [String]

    /// The most messages one failure quotes.
    static let maxMessages = 3

    public static func read(_ response: HTTPResponse) throws(PageFailure) -> GraphQLAnswer {
        if response.status == 429 || response.status >= 500 { throw PageFailure(statusOf: response) }
        let root: JSONSpan
        do { root = try JSONNode.parse(response.body) } catch {
            if !(200..<300).contains(response.status) { throw PageFailure(statusOf: response) }
            throw PageFailure(notJSON: error)
        }
        let errors = messages(root.node["errors"])
        let data = root.node.fields?.first { $0.key == "data" }?.value
        guard let data, data.node != .null else {
            if !errors.isEmpty { throw failure(errors) }
            if !(200..<300).contains(response.status) { throw PageFailure(statusOf: response) }
            throw PageFailure(.malformed, "a GraphQL answer with neither data nor errors")
        }
        return GraphQLAnswer(data: data, errors: errors)
    }

    /// The failure an `errors` array is: its messages, never retried (asking again would
    /// get the same), never taken for a dead link.
    public static func failure(_ errors: [String]) -> PageFailure {
        let shown = errors.prefix(maxMessages).joined(separator: "; ")
        let more = errors.count > maxMessages ? " (and \(errors.count - maxMessages) more)" : ""
        return PageFailure(.transport(.malformedAnswer("GraphQL errors")), "GraphQL: \(shown)\(more)")
    }

    /// Each error's `message` (or its JSON when it has none), one line each.
    static func messages(_ node: JSONNode?) -> [String] {
        guard let node else { return [] }
        guard let list = node.elements else { return node == .null ? [] : ["errors: not a list"] }
        return list.map { span in
            let text = span.node["message"]?.string ?? span.text
            return Sanitize.line(String(text.prefix(300)))
        }
    }
}

/// Where a list is in a GraphQL answer's `data`: the first Relay connection (`edges` or
/// `nodes`), page object (`results` or `items`) or array of objects met depth-first in the answer's
/// own order, with what beside it says about paging.
public struct GraphQLFoundList: Sendable {
    /// The object holding the items (`edges`/`nodes`/`results` and `pageInfo`/`info`);
    /// nil for a bare array.
    public var container: JSONNode?
    /// The items (an edge's `node`).
    public var items: [JSONSpan]
    /// The edges' cursors, in order (Relay `edges` only).
    public var cursors: [String]
    /// The path from `data` to the container or array.
    public var path: [String]

    /// The deepest level searched.
    static let maxDepth = 8

    public static func find(in data: JSONNode) -> GraphQLFoundList? {
        find(in: data, path: [], depth: 0)
    }

    private static func find(in node: JSONNode, path: [String], depth: Int) -> GraphQLFoundList? {
        guard depth < maxDepth, let fields = node.fields else { return nil }
        if let edges = node["edges"]?.elements {
            let nodes = edges.compactMap { edge in edge.node.fields?.first { $0.key == "node" }?.value }.filter { $0.node != .null }
            let cursors = edges.compactMap { $0.node["cursor"]?.string }
            return GraphQLFoundList(container: node, items: nodes, cursors: cursors, path: path)
        }
        for key in ["nodes", "results", "items"] {
            if let list = node[key]?.elements {
                return GraphQLFoundList(container: node, items: list.filter { $0.node != .null }, cursors: [], path: path)
            }
        }
        for field in fields {
            // A null entry is an item the server could not give (its error is in `errors`).
            if let list = field.value.node.elements, list.allSatisfy({ $0.node.fields != nil || $0.node == .null }) {
                return GraphQLFoundList(container: nil, items: list.filter { $0.node != .null }, cursors: [], path: path + [field.key])
            }
        }
        for field in fields where field.value.node.fields != nil {
            if let found = find(in: field.value.node, path: path + [field.key], depth: depth + 1) { return found }
        }
        return nil
    }

    /// `totalCount`, `count` or `info.count` beside the items.
    public var total: Int? {
        guard let container else { return nil }
        return container["totalCount"]?.count ?? container["count"]?.count ?? container.at(["info", "count"])?.count
    }

    /// Relay's `pageInfo.hasNextPage`, when present.
    public var hasNextPage: Bool? { container?.at(["pageInfo", "hasNextPage"])?.bool }

    /// Relay's `pageInfo.endCursor`, else the last edge's cursor.
    public var endCursor: String? {
        container?.at(["pageInfo", "endCursor"])?.string ?? cursors.last
    }

    /// Rick and Morty's `info.next` (the next page's number; null on the last), and `info.pages`.
    public var infoNext: JSONNode? { container?.at(["info", "next"]) }
    public var infoPages: Int? { container?.at(["info", "pages"])?.count }

    /// Whether the edges' cursors are graphql-relay's offsets, counting from `start`;
    /// without edges (`nodes`), whether `endCursor` is the last item's offset.
    public func cursorsAreOffsets(from start: Int) -> Bool {
        guard !items.isEmpty else { return false }
        if cursors.isEmpty { return firstOffset == start }
        guard cursors.count == items.count else { return false }
        return cursors.enumerated().allSatisfy { GraphQLOffsetCursor.offset(of: $0.element) == start + $0.offset }
    }

    /// The offset of the first item as the cursors tell it: the first edge's cursor, else
    /// `endCursor` less the items before it; nil when they are not offsets.
    public var firstOffset: Int? {
        if let first = cursors.first { return GraphQLOffsetCursor.offset(of: first) }
        guard let end = container?.at(["pageInfo", "endCursor"])?.string.flatMap(GraphQLOffsetCursor.offset(of:)) else { return nil }
        let (start, past) = end.subtractingReportingOverflow(items.count - 1)
        return past ? nil : start
    }
}
