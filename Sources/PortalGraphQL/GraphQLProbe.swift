import Foundation
import PortalCore

/// Makes the `GraphQLSource` for an endpoint, before the list starts: asks the schema
/// (introspection) and builds a query per list, or reads the user's `--query` and asks its
/// first page (it must answer with a list; whether its cursors are offsets). A schema's
/// lists are not asked for here: each Relay list's first page says whether its cursors are
/// offsets when it is decoded (`GraphQLSource.cursorsSeen`), so a schema of 1,000 root
/// connections costs the introspection until a tab is shown or `portal list` names one
/// (it cost 1,000 first pages). All go through the one retry loop; an answer read here is
/// kept by the caches, so the query's first page costs no second request.
public enum GraphQLProbe {
    /// What was found, for `--explain` and the trace.
    public struct Found: Sendable {
        public var source: GraphQLSource
        /// One line per list: its name and paging.
        public var explanation: [String]
    }

    public static func source(
        endpoint: URL, headers: [String: String], query: String?, pageSize: Int, fields: [String]? = nil,
        picturesOrigin: PicturesOrigin = .any, sender: RetryingSender
    ) async throws(GraphQLFailure) -> Found {
        let lists: [GraphQLList]
        var nested = GraphQLNestedCatalog()
        if let query {
            lists = [try GraphQLUserQuery.list(query, pageSize: pageSize)]
        } else {
            (lists, nested) = try await introspect(endpoint: endpoint, headers: headers, pageSize: pageSize, sender: sender)
        }
        // The query's list must answer (a schema's lists are read when first asked).
        let probed = query == nil ? [] : Array(lists.prefix(1))
        var offsetCursorLists: Set<String> = []
        let outcomes = await withTaskGroup(of: (Int, Result<Bool, PageFailure>).self) { group in
            for (index, list) in probed.enumerated() {
                group.addTask { (index, await offsetCursors(of: list, endpoint: endpoint, headers: headers, sender: sender)) }
            }
            var all: [(Int, Result<Bool, PageFailure>)] = []
            for await outcome in group { all.append(outcome) }
            return all.sorted { $0.0 < $1.0 }
        }
        for (index, outcome) in outcomes {
            switch outcome {
            case .success(let offsets): if offsets { offsetCursorLists.insert(probed[index].name) }
            case .failure(let failure): if index == 0 { throw .request("\(probed[index].name): \(failure.message)") }
            }
        }
        let source = GraphQLSource(endpoint: endpoint, headers: headers, lists: lists, offsetCursorLists: offsetCursorLists,
                                   fields: fields, picturesOrigin: picturesOrigin, nested: nested)
        let explanation = lists.map { $0.summary(offsetCursors: query == nil ? nil : offsetCursorLists.contains($0.name)) }
        return Found(source: source, explanation: explanation)
    }

    /// Asks `list`'s first page: whether its cursors are offsets (false for other paging).
    static func offsetCursors(of list: GraphQLList, endpoint: URL, headers: [String: String], sender: RetryingSender) async -> Result<Bool, PageFailure> {
        let pages = GraphQLPages(endpoint: endpoint, headers: headers, list: list, offsetCursors: false)
        return await sender.send(pages.firstPage.http) { response throws(PageFailure) -> Bool in
            try cursorsAreOffsets(response, of: list)
        }
    }

    /// Whether `response`, `list`'s first page, holds a list whose cursors are offsets
    /// (false for other paging); a failure when it holds no list.
    static func cursorsAreOffsets(_ response: HTTPResponse, of list: GraphQLList) throws(PageFailure) -> Bool {
        let answer = try GraphQLAnswer.read(response)
        guard let found = GraphQLFoundList.find(in: answer.data.node) else {
            throw answer.errors.isEmpty
                ? PageFailure(.transport(.malformedAnswer("no list")), "no list in the answer (a field returning a list or a connection)")
                : GraphQLAnswer.failure(answer.errors)
        }
        guard case .cursor = list.paging else { return false }
        return found.cursorsAreOffsets(from: 0)
    }

    /// The lists of the server's schema, and the lists inside its nodes.
    static func introspect(endpoint: URL, headers: [String: String], pageSize: Int, sender: RetryingSender)
        async throws(GraphQLFailure) -> ([GraphQLList], GraphQLNestedCatalog) {
        let request = GraphQLRequestBody.request(endpoint, headers: headers, query: GraphQLSchema.introspectionQuery, variables: [])
        let outcome = await sender.send(request) { response throws(PageFailure) -> Result<GraphQLSchema, GraphQLFailure> in
            let answer: GraphQLAnswer
            do throws(PageFailure) {
                answer = try GraphQLAnswer.read(response)
            } catch {
                // Refused introspection comes as errors (200 or 400): say so, not the raw failure.
                if case .transport(.malformedAnswer) = error.kind { return .failure(.noIntrospection) }
                if case .http(let status) = error.kind, (400..<500).contains(status), ![401, 403, 407, 429].contains(status) {
                    return .failure(.noIntrospection)
                }
                throw error
            }
            do throws(GraphQLFailure) {
                return .success(try GraphQLSchema.read(data: answer.data.node))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(.success(let schema)):
            let lists = GraphQLQueryBuilder.lists(in: schema, pageSize: pageSize)
            if lists.isEmpty { throw .noLists }
            return (lists, GraphQLNestedCatalog.make(from: schema))
        case .success(.failure(let failure)): throw failure
        case .failure(let failure): throw .request("introspection: \(failure.message)")
        }
    }
}
