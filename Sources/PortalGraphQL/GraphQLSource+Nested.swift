import Foundation
import PortalCore

/// A node's nested lists (`GraphQLNestedCatalog`) in the browser: each item of a list
/// whose type has some carries one link per nested list (a `GraphQLNestedLink` URL, as a
/// string field the detail shows as a link); following it POSTs that list's query for the
/// node, and its answer is one page whose next page is the link again with the list's
/// own `endCursor` — so the pane pages a character's episodes by their cursor.
extension GraphQLSource {
    /// `row` with a link field for each nested list of its type (none without an `id`).
    func withNestedLinks(_ row: Row, list: String) -> Row {
        guard let typeName = nested.listNodeTypes[list], let type = nested.types[typeName], let id = Self.idText(row["id"]) else { return row }
        var columns = row.columns
        for field in type.fields where row[field] == nil {
            guard let url = GraphQLNestedLink(type: typeName, id: id, field: field).url(on: endpoint) else { continue }
            columns.append((field, .string(url.absoluteString)))
        }
        return Row(id: row.id, columns: columns, json: row.json, position: row.position)
    }

    static func idText(_ value: Row.Value?) -> String? {
        switch value {
        case .string(let s)?: s
        case .number(let n)?: n
        default: nil
        }
    }

    /// The POST of the nested list's query for one page: the node's id, the list's first
    /// page's variables, and `after` when the link names a cursor.
    public func linkRequest(_ link: ItemLink) -> HTTPRequest? {
        guard let nestedLink = GraphQLNestedLink(url: link.url, endpoint: endpoint),
              let type = nested.types[nestedLink.type], let query = type.queries[nestedLink.field],
              let paging = type.paging[nestedLink.field] else { return nil }
        let size = lists.first?.pageSize ?? 20
        let page = GraphQLList(name: nestedLink.field, query: query, paging: paging, pageSize: size)
        var variables: [(String, GraphQLValue)] = [("portalNodeId", .string(nestedLink.id))]
        variables += page.variables(forPage: 0, offsetCursors: false) ?? []
        if let after = nestedLink.after {
            guard case .cursor(let name, _) = paging else { return nil }
            variables.append((name, .string(after)))
        }
        return GraphQLRequestBody.request(endpoint, headers: headers, query: query, variables: variables)
    }

    /// One page of the nested list: a `Record` page (its first field says how many, then
    /// one field per entry), with the next page's link while the connection has one.
    public func decodeLink(_ link: ItemLink, _ response: HTTPResponse) throws(PageFailure) -> Item {
        guard let nestedLink = GraphQLNestedLink(url: link.url, endpoint: endpoint) else {
            throw PageFailure(.malformed, "not a nested GraphQL list")
        }
        let answer = try GraphQLAnswer.read(response)
        guard let found = GraphQLFoundList.find(in: answer.data.node) else {
            if !answer.errors.isEmpty { throw GraphQLAnswer.failure(answer.errors) }
            throw PageFailure(.transport(.malformedAnswer("no list")), "\(nestedLink.type) \(nestedLink.id) has no \(nestedLink.field)")
        }
        let total = found.total.map { " of \($0)" } ?? ""
        var columns: [(name: String, value: Row.Value)] = [("name", .string("\(found.items.count)\(total) \(nestedLink.field)"))]
        for (position, span) in found.items.enumerated() {
            let entry = JSONItems.row(span, columns: nil, position: position)
            columns.append((Record(row: entry, card: card).title, .json(span.text)))
        }
        var next: ItemLink?
        if found.hasNextPage == true, let cursor = found.endCursor, cursor != nestedLink.after {
            var following = nestedLink
            following.after = cursor
            next = following.url(on: endpoint).map(ItemLink.init(url:))
        }
        let row = Row(id: "#\(link.key.id)", columns: columns, json: answer.data.text, position: 0)
        return Item(Record(row: row, card: card, link: link, isPage: true, nextPage: next), kind: .link)
    }
}
