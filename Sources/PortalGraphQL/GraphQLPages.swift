import Foundation
import PortalCore
import PortalJSON

/// The pages of one `GraphQLList` at an endpoint: each page is a POST of the list's query
/// with its paging variables; each answer gives its items (as `Row`s, each node's JSON as
/// served), the next page (by the list's paging, from `pageInfo`, `info` or the count) and
/// the total. A page reached by a cursor portal made (`GraphQLOffsetCursor`) is checked:
/// its first edge's cursor must stand for the offset asked, else the page fails saying
/// the server's cursors are not offsets, and the list walks instead.
public struct GraphQLPages: Sendable {
    public let endpoint: URL
    public let headers: [String: String]
    public let list: GraphQLList
    /// The server's Relay cursors were seen to be offsets (`GraphQLProbe`).
    public let offsetCursors: Bool

    public init(endpoint: URL, headers: [String: String], list: GraphQLList, offsetCursors: Bool) {
        self.endpoint = endpoint
        self.headers = headers
        self.list = list
        self.offsetCursors = offsetCursors
    }

    public var firstPage: PageRequest { page(index: 0, variables: list.variables(forPage: 0, offsetCursors: false) ?? []) }

    func page(index: Int, variables: [(String, GraphQLValue)]) -> PageRequest {
        PageRequest(http: GraphQLRequestBody.request(endpoint, headers: headers, query: list.query, variables: variables), index: index)
    }

    /// Page `index` asked for directly, when the list's paging allows it.
    public func request(forPage index: Int) -> PageRequest? {
        guard let variables = list.variables(forPage: index, offsetCursors: offsetCursors) else { return nil }
        return page(index: index, variables: variables)
    }

    /// Reads one page: rows, the next page, the total, and the `errors` of a partial answer.
    public func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> (page: PageContent<Row>, errors: [String]) {
        let answer = try GraphQLAnswer.read(response)
        guard let found = GraphQLFoundList.find(in: answer.data.node) else {
            if !answer.errors.isEmpty { throw GraphQLAnswer.failure(answer.errors) }
            throw PageFailure(.transport(.malformedAnswer("no list")), "no list in the GraphQL answer (a field returning a list or a connection)")
        }
        let sent = GraphQLRequestBody.variables(of: request.http.body)
        if case .cursor(let after, _) = list.paging, let made = sent?[after]?.string.flatMap(GraphQLOffsetCursor.offset(of:)),
           !found.items.isEmpty, found.firstOffset != made + 1 {
            throw PageFailure(.transport(.malformedAnswer("cursor")),
                              "this server's cursors are not offsets (item \(made + 2) came back as another): scroll from the top instead")
        }
        // Where the page starts; 0 when a far page number would carry a position past Int.max.
        let (start, overflow) = request.index.multipliedReportingOverflow(by: list.pageSize)
        let position = overflow || start > Int.max - found.items.count ? 0 : start
        let rows = JSONItems.rows(found.items, columns: nil, firstPosition: position)
        let total = found.total
        let next = nextPage(after: request, sent: sent, found: found, total: total)
        var page = PageContent(items: rows, next: next, totalCount: total)
        if next == nil, total == nil, list.isAddressable(offsetCursors: offsetCursors) { page.totalCount = position + rows.count }
        return (page, answer.errors)
    }

    private func nextPage(after request: PageRequest, sent: JSONNode?, found: GraphQLFoundList, total: Int?) -> PageRequest? {
        let index = request.index + 1
        guard !found.items.isEmpty else { return nil }
        switch list.paging {
        case .none:
            return nil
        case .cursor(let after, let first):
            if found.hasNextPage == false { return nil }
            if found.hasNextPage == nil, found.items.count < list.pageSize { return nil }
            guard let cursor = found.endCursor, !cursor.isEmpty else { return nil }
            var variables = first.map { [($0, GraphQLValue.int(list.pageSize))] } ?? []
            variables.append((after, .string(cursor)))
            return page(index: index, variables: variables)
        case .page(let number, let size, let firstNumber):
            let current = sent?[number]?.count ?? (firstNumber + request.index)
            if let next = found.infoNext {
                guard let value = next.count ?? next.string.flatMap(Self.pageNumber(in:)), value > current else { return nil }
                return page(index: index, variables: [(number, .int(value))] + sizeVariable(size))
            }
            if let pages = found.infoPages, current >= pages { return nil }
            // Pages of the size asked for when the field takes one; else of the server's
            // own size, seen on this page (a shorter last page costs one empty page more).
            let perPage = size == nil ? found.items.count : list.pageSize
            let (before, past) = (current - firstNumber).multipliedReportingOverflow(by: perPage)
            let (seen, beyond) = before.addingReportingOverflow(found.items.count)
            if let total, past || beyond || seen >= total { return nil }
            if found.infoPages == nil, size != nil, found.items.count < list.pageSize { return nil }
            let (following, overflow) = current.addingReportingOverflow(1)
            guard !overflow else { return nil }
            return page(index: index, variables: [(number, .int(following))] + sizeVariable(size))
        case .offset(let offset, let limit):
            let current = sent?[offset]?.count ?? 0
            let (value, past) = current.addingReportingOverflow(found.items.count)
            guard !past else { return nil }
            if let total, value >= total { return nil }
            if total == nil, limit != nil, found.items.count < list.pageSize { return nil }
            return page(index: index, variables: [(offset, .int(value))] + sizeVariable(limit))
        }
    }

    private func sizeVariable(_ name: String?) -> [(String, GraphQLValue)] {
        name.map { [($0, GraphQLValue.int(list.pageSize))] } ?? []
    }

    /// Rick and Morty's REST-style `next` (a URL with `page=N`) read as its number.
    static func pageNumber(in text: String) -> Int? {
        guard let range = text.range(of: "page=") else { return Int(text) }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}

extension GraphQLPages: PageAddressable {
    /// Items on every page but the last, as the list asks them.
    public var pageSize: Int { list.pageSize }
}
