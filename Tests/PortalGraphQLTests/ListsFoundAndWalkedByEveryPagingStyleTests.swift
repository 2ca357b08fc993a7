import Foundation
import PortalCore
import PortalTestSupport
import Testing
import PortalJSON
import PortalGraphQL

/// The GraphQL client against a scripted server (`GraphQLTestServer`): the lists found by
/// introspection and the query written for each, every paging style walked to its end
/// (each item once, in order), jumps by page number, offset and offset cursor, the
/// answer's errors, and the user's own query.
@Suite struct GraphQLSourceTests {
    static func probe(_ server: GraphQLTestServer, query: String? = nil, pageSize: Int = 20) async throws -> GraphQLProbe.Found {
        try await GraphQLProbe.source(endpoint: GraphQLTestServer.endpoint, headers: ["X-Key": "k"], query: query,
                                      pageSize: pageSize, sender: RetryingSender(transport: server, clock: ManualClock()))
    }

    /// Every item of `kind`'s list, following `next` from the first page.
    static func walk(_ source: any Source, _ kind: ItemKind, through server: GraphQLTestServer) async throws -> [String] {
        let query = ListQuery(kind: kind)
        var request: PageRequest? = source.firstPage(for: query)
        var titles: [String] = []
        while let page = request {
            let content = try source.decodePage(try await server.send(page.http), for: page, of: query)
            titles += content.items.map(\.jsonTitle)
            request = content.next
        }
        return titles
    }

    @Test func introspectionFindsEveryListAndWritesItsQuery() async throws {
        let server = GraphQLTestServer()
        let found = try await Self.probe(server)
        let lists = found.source.lists
        // `search` needs a term portal cannot give; `viewer` is one object.
        #expect(lists.map(\.name) == ["characters", "users", "episodes"])
        #expect(lists.map(\.paging) == [.cursor(after: "after", first: "first"), .offset(offset: "offset", limit: "limit"),
                                        .page(number: "page", size: nil, firstNumber: 1)])
        let characters = lists[0].query
        #expect(characters.contains("query PortalList($after: String, $first: Int) { characters(after: $after, first: $first)"))
        #expect(characters.contains("totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id name status created origin { name } } }"))
        #expect(!characters.contains("portrait") && !characters.contains("episodes"))
        #expect(lists[1].query.contains("($offset: Int!, $limit: Int!)"))
        #expect(lists[2].query.contains("info { count pages next } results { id name }"))
        #expect(found.source.tabs.map(\.title) == ["characters", "users", "episodes"])
        // The introspection only: a Relay list's cursors are seen on its own first page,
        // asked when it is used (offset cursors here, so it jumps from then on).
        #expect(server.requests.count == 1 && !found.source.offsetCursors)
        let relay = ListQuery(kind: ItemKind(rawValue: "characters"))
        let first = found.source.firstPage(for: relay)
        let page = try found.source.decodePage(try await server.send(first.http), for: first, of: relay)
        #expect(page.addressing != nil && found.source.offsetCursors && found.source.addressablePages(of: relay) != nil)
        #expect(server.requests.allSatisfy { $0.method == "POST" && $0.headers["Content-Type"] == "application/json" && $0.headers["X-Key"] == "k" })
    }

    @Test(arguments: ["characters", "users", "episodes"])
    func everyPagingStyleListsEachItemOnceInOrder(_ name: String) async throws {
        let server = GraphQLTestServer(count: 95)
        let source = try await Self.probe(server).source
        let before = server.requests.count
        let titles = try await Self.walk(source, ItemKind(rawValue: name), through: server)
        #expect(titles.count == 95 && Set(titles).count == 95)
        #expect(server.requests.count - before == 5)
        let noun = ["characters": "Character", "users": "user", "episodes": "Episode"][name] ?? ""
        #expect(titles.first == (name == "users" ? "user1" : "\(noun) 1") && titles.last == (name == "users" ? "user95" : "\(noun) 95"))
    }

    @Test(arguments: ["characters", "users", "episodes"])
    func theLastOfAMillionIsTwoRequestsAway(_ name: String) async throws {
        let server = GraphQLTestServer(count: 1_000_000)
        let source = try await Self.probe(server).source
        let addressable = source
        let query = ListQuery(kind: ItemKind(rawValue: name))
        let first = source.firstPage(for: query)
        let total = try #require(try source.decodePage(try await server.send(first.http), for: first, of: query).totalCount ?? (name == "users" ? 1_000_000 : nil))
        #expect(total == 1_000_000)
        let before = server.requests.count
        let addressing = try #require(PageAddressing(source: addressable, query: query))
        let last = try #require(addressing.request(forPage: (total - 1) / addressing.pageSize))
        let page = try source.decodePage(try await server.send(last.http), for: last, of: query)
        #expect(server.requests.count - before == 1)
        #expect(page.items.last?.jsonTitle.hasSuffix("1000000") == true && page.items.count == 20)
    }

    @Test func opaqueCursorsWalkAndAMadeCursorIsRefused() async throws {
        let server = GraphQLTestServer(count: 95, opaqueCursors: true)
        let found = try await Self.probe(server)
        #expect(!found.source.offsetCursors)
        let source = found.source
        let query = ListQuery(kind: ItemKind(rawValue: "characters"))
        // Its list does not address pages: it stays sequential.
        #expect(source.addressablePages(of: query) == nil && PageAddressing(source: source, query: query) == nil)
        #expect(try await Self.walk(source, query.kind, through: server).count == 95)
        // A server that takes a made cursor but answers other items: the page fails, never retried.
        let pages = GraphQLPages(endpoint: GraphQLTestServer.endpoint, headers: [:], list: found.source.lists[0], offsetCursors: true)
        let jump = try #require(pages.request(forPage: 2))
        let other = GraphQLTestServer.json(200, #"{"data":{"characters":{"totalCount":95,"pageInfo":{"hasNextPage":true,"endCursor":"b3RoZXI="},"edges":[{"cursor":"b3RoZXI=","node":{"id":"1","name":"x"}}]}}}"#)
        #expect {
            try pages.decode(other, for: jump)
        } throws: { error in
            guard let failure = error as? PageFailure else { return false }
            return !failure.isTransient && failure.message.contains("not offsets")
        }
    }

    @Test func errorsAreShownAndNeverRetried() async throws {
        let server = GraphQLTestServer()
        let found = try await Self.probe(server)
        let pages = GraphQLPages(endpoint: GraphQLTestServer.endpoint, headers: [:], list: found.source.lists[1], offsetCursors: false)
        let sender = RetryingSender(transport: server, clock: ManualClock())
        let first = pages.firstPage
        func fetch() async -> Result<PageContent<Row>, PageFailure> {
            await sender.send(first.http) { response throws(PageFailure) in try pages.decode(response, for: first).page }
        }
        for status in [200, 400] {
            server.answerNext(GraphQLTestServer.json(status, #"{"errors":[{"message":"Field \"users\" is \u001b[31mbroken"},{"message":"and another"}],"data":null}"#))
            let before = server.requests.count
            let result = await fetch()
            guard case .failure(let failure) = result else { Issue.record("no failure for \(status)"); continue }
            #expect(failure.message.hasPrefix(#"GraphQL: Field "users" is"#) && failure.message.hasSuffix("broken; and another"))
            #expect(!failure.message.contains("\u{1b}"))
            #expect(server.requests.count - before == 1)
        }
        // A 503 is retried as any page.
        server.answerNext(GraphQLTestServer.json(503, "busy"))
        let before = server.requests.count
        let result = await fetch()
        #expect((try? result.get())?.items.count == 20)
        #expect(server.requests.count - before == 2)
    }

    @Test func partialDataIsReadWithANotice() async throws {
        let server = GraphQLTestServer()
        let source = try await Self.probe(server).source
        let query = ListQuery(kind: ItemKind(rawValue: "users"))
        let answer = GraphQLTestServer.json(200, #"{"data":{"users":[{"id":1,"login":"ada","admin":true},null]},"errors":[{"message":"user 2 is hidden","path":["users",1]}]}"#)
        let page = try source.decodePage(answer, for: source.firstPage(for: query), of: query)
        #expect(page.items.map(\.jsonTitle) == ["ada"])
        // The page carries it, for the browser's status line and `portal list`.
        #expect(page.notice == "partial answer: user 2 is hidden")
    }

    @Test func aSchemaWithoutIntrospectionNamesQuery() async throws {
        let server = GraphQLTestServer(introspection: false)
        await #expect(throws: GraphQLFailure.noIntrospection) { try await Self.probe(server) }
        #expect(GraphQLFailure.noIntrospection.description.contains("--query"))
        #expect(server.requests.count == 1)
    }

    @Test func theUsersOwnQueryIsPagedByItsVariables() async throws {
        let server = GraphQLTestServer(count: 45)
        let text = """
            # my characters
            query Mine($cursor: String, $first: Int = 10) {
              characters(first: $first, after: $cursor) { edges { cursor node { id name } } pageInfo { hasNextPage endCursor } }
            }
            """
        let found = try await Self.probe(server, query: text, pageSize: 15)
        let list = try #require(found.source.lists.first)
        #expect(list.name == "Mine" && list.paging == .cursor(after: "cursor", first: "first"))
        let titles = try await Self.walk(found.source, ItemKind(rawValue: "Mine"), through: server)
        #expect(titles.count == 45 && Set(titles).count == 45)
        #expect(server.bodies.last?.contains(#""variables":{"first":15,"cursor":"#) == true)
        #expect(throws: GraphQLFailure.self) { try GraphQLUserQuery.list("query($id: ID!) { user(id: $id) { name } }", pageSize: 20) }
        let offsets = try GraphQLUserQuery.list(#"query { users(skip: $skip, limit: $limit) }"#, pageSize: 20)
        #expect(offsets.paging == .none)
        let skip = try GraphQLUserQuery.list(#"query Users($skip: Int!, $limit: Int!) { users(offset: $skip, limit: $limit) { id } } # $page"#, pageSize: 20)
        #expect(skip.paging == .offset(offset: "skip", limit: "limit"))
    }

    @Test func aNodesConnectionIsCheckedByItsEndCursor() throws {
        let list = GraphQLList(name: "all", query: "query($after: String, $first: Int) { all { nodes { id } pageInfo { endCursor } } }",
                               paging: .cursor(after: "after", first: "first"), pageSize: 2)
        let pages = GraphQLPages(endpoint: GraphQLTestServer.endpoint, headers: [:], list: list, offsetCursors: true)
        let jump = try #require(pages.request(forPage: 5))
        func answer(_ end: Int) -> HTTPResponse {
            GraphQLTestServer.json(200, #"{"data":{"all":{"nodes":[{"id":"a"},{"id":"b"}],"pageInfo":{"endCursor":"\#(GraphQLOffsetCursor.make(end))"}}}}"#)
        }
        // Page 5 of 2 a page is items 10 and 11: the end cursor must be 11.
        #expect(try pages.decode(answer(11), for: jump).page.items.count == 2)
        #expect(throws: PageFailure.self) { try pages.decode(answer(13), for: jump) }
        let first = try JSONNode.parse(Data(#"{"all":{"nodes":[{"id":"a"},{"id":"b"}],"pageInfo":{"endCursor":"YXJyYXljb25uZWN0aW9uOjE="}}}"#.utf8))
        #expect(GraphQLFoundList.find(in: first.node)?.cursorsAreOffsets(from: 0) == true)
    }

    @Test func aServersOwnPageSizeIsWalkedToTheEnd() throws {
        // 45 items, 10 a page, no size argument: a page shorter than portal's 20 is not the last.
        let list = GraphQLList(name: "episodes", query: "query($page: Int) { episodes { count results { id } } }",
                               paging: .page(number: "page", size: nil, firstNumber: 1), pageSize: 20)
        let pages = GraphQLPages(endpoint: GraphQLTestServer.endpoint, headers: [:], list: list, offsetCursors: false)
        var request: PageRequest? = pages.firstPage
        var ids: [String] = []
        while let page = request, ids.count < 100 {
            let number = GraphQLRequestBody.variables(of: page.http.body)?["page"]?.count ?? 1
            let items = (min((number - 1) * 10, 45)..<min(number * 10, 45)).map { #"{"id":\#($0 + 1)}"# }
            let answer = GraphQLTestServer.json(200, #"{"data":{"episodes":{"count":45,"results":[\#(items.joined(separator: ","))]}}}"#)
            let content = try pages.decode(answer, for: page).page
            ids += content.items.map(\.id)
            request = content.next
        }
        #expect(ids == (1...45).map(String.init))
        // A page number near Int.max ends the list, never traps.
        let far = try #require(pages.request(forPage: 461_168_601_842_738_790))
        let ten = (1...10).map { #"{"id":\#($0)}"# }.joined(separator: ",")
        let answer = GraphQLTestServer.json(200, #"{"data":{"episodes":{"count":45,"results":[\#(ten)]}}}"#)
        #expect(try pages.decode(answer, for: far).page.next == nil)
    }

    @Test func offsetCursorsAreGraphQLRelays() {
        #expect(GraphQLOffsetCursor.make(9) == "YXJyYXljb25uZWN0aW9uOjk=")
        #expect(GraphQLOffsetCursor.offset(of: "YXJyYXljb25uZWN0aW9uOjk=") == 9)
        #expect(GraphQLOffsetCursor.offset(of: "b3RoZXI=") == nil)
        #expect(GraphQLOffsetCursor.offset(of: Data("arrayconnection:-1".utf8).base64EncodedString()) == nil)
    }
}

extension Item {
    /// A JSON item's title (the tests' items are all JSON).
    var jsonTitle: String {
        record.title
    }
}
