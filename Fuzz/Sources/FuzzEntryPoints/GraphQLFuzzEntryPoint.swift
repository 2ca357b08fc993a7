import Foundation
import PortalCore
import PortalJSON
import PortalGraphQL

// Compiled twice, like FuzzEntryPoints.swift: into fuzz-graphql and, through a symlink,
// into PortalCoreTests.

extension FuzzEntryPoint {
    static let graphQLEndpoint = URL(string: "https://graphql.test/graphql")!

    /// The lists a GraphQL answer is read as: Relay, page numbers, offsets, and a query's
    /// list found in the answer with no paging.
    static let graphQLLists = [
        GraphQLList(name: "characters", query: "query($after: String, $first: Int) { characters }", paging: .cursor(after: "after", first: "first"), pageSize: 20),
        GraphQLList(name: "episodes", query: "query($page: Int) { episodes }", paging: .page(number: "page", size: nil, firstNumber: 1), pageSize: 20),
        GraphQLList(name: "users", query: "query($offset: Int, $limit: Int) { users }", paging: .offset(offset: "offset", limit: "limit"), pageSize: 20),
        GraphQLList(name: "mine", query: "{ mine }", paging: .none, pageSize: 20),
    ]

    /// The GraphQL answer reader (docs/fuzzing.md, `fuzz-graphql`): any body, read as a
    /// page of each paging style (first page and a page reached by a made offset cursor)
    /// under statuses 200 and 400, and as an introspection answer. Never a trap; a failure
    /// is one drawable line; a page's next is the page after it, to the same endpoint, a
    /// POST whose body reads back; the query text written from a schema holds only names
    /// GraphQL allows (nothing from the answer can break out of it).
    public static func graphQLAnswer(_ bytes: [UInt8]) throws {
        let body = Data(bytes)
        for status in [200, 400] {
            let response = HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
            for list in graphQLLists {
                for offsetCursors in [false, true] {
                    let pages = GraphQLPages(endpoint: graphQLEndpoint, headers: [:], list: list, offsetCursors: offsetCursors)
                    for request in [pages.firstPage, pages.request(forPage: 3)].compactMap({ $0 }) {
                        do {
                            let (page, errors) = try pages.decode(response, for: request)
                            for message in errors { try expectDrawable(message, "partial answer's error") }
                            guard let next = page.next else { continue }
                            guard next.index == request.index + 1, next.http.url == graphQLEndpoint, next.http.method == "POST",
                                  GraphQLRequestBody.variables(of: next.http.body) != nil else {
                                throw FuzzInvariantBroken("next page \(next) after \(request) is not the page after it")
                            }
                        } catch let failure as PageFailure {
                            try expectDrawable(failure.message, "failure")
                        }
                    }
                }
            }
        }
        guard let root = try? JSONNode.parse(body), let data = root.node["data"] else { return }
        guard let schema = try? GraphQLSchema.read(data: data) else { return }
        for list in GraphQLQueryBuilder.lists(in: schema, pageSize: 20) {
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ (){}:,$![]")
            guard list.query.allSatisfy(allowed.contains) else {
                throw FuzzInvariantBroken("query text with a character GraphQL names do not have: \(list.query.debugDescription)")
            }
        }
    }
}
