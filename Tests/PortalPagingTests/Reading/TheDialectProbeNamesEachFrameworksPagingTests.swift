import Foundation
import PortalCore
import Testing
import PortalPaging

/// The dialect read from one answer, on the shapes the public documentation of each API
/// family shows (abridged to two items; keys, nesting and links as documented).
@Suite struct TheDialectProbeNamesEachFrameworksPagingTests {
    static func answer(_ body: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers, body: Data(body.utf8))
    }

    static func detect(_ url: String, _ body: String, headers: [String: String] = [:]) throws -> ListReading {
        try DialectDetector.detect(answer(body, headers: headers), for: URL(string: url)!)
    }

    /// GitHub REST (docs.github.com, "Using pagination in the REST API"): a top-level
    /// array, `Link` with `next` and `last`, `page` and `per_page`.
    @Test func gitHubLinkHeader() throws {
        let d = try Self.detect("https://api.github.com/repositories/1300192/issues?per_page=2",
            #"[{"id":1,"number":1347,"title":"Found a bug","state":"open"},{"id":2,"number":1346,"title":"Another","state":"closed"}]"#,
            headers: ["link": #"<https://api.github.com/repositories/1300192/issues?per_page=2&page=2>; rel="next", <https://api.github.com/repositories/1300192/issues?per_page=2&page=715>; rel="last""#])
        #expect(d.items == [] && d.paging == .linkHeader && d.pageSize == 2)
        #expect(d.total == .lastLink(param: "page") && d.total?.isEstimate == true)
        #expect(d.addressing == .pageParam("page", first: 1))
        let pages = AnyAPIPages(url: URL(string: "https://api.github.com/repositories/1300192/issues?per_page=2")!, reading: d)
        #expect(pages.request(forPage: 714)?.http.url.absoluteString == "https://api.github.com/repositories/1300192/issues?per_page=2&page=715")
    }

    /// Django REST framework, PageNumberPagination: `count`, `next`, `previous`, `results`.
    @Test func djangoRestFrameworkPageNumbers() throws {
        let d = try Self.detect("https://api.example.org/accounts/",
            #"{"count":1023,"next":"https://api.example.org/accounts/?page=5","previous":"https://api.example.org/accounts/?page=3","results":[{"id":1,"username":"a"},{"id":2,"username":"b"}]}"#)
        #expect(d.items == ["results"] && d.paging == .nextURL(["next"]) && d.total == .body(["count"]))
        // The next link skips ahead (page 5 after no page): not a step of one, so no jump rule from it.
        #expect(d.addressing == nil)
        let first = try Self.detect("https://api.example.org/accounts/",
            #"{"count":1023,"next":"https://api.example.org/accounts/?page=2","previous":null,"results":[{"id":1},{"id":2}]}"#)
        #expect(first.addressing == .pageParam("page", first: 1))
    }

    /// DRF LimitOffsetPagination: the next link moves `offset` by the page's count.
    @Test func djangoRestFrameworkLimitOffset() throws {
        let d = try Self.detect("https://api.example.org/accounts/?limit=2&offset=400",
            #"{"count":1023,"next":"https://api.example.org/accounts/?limit=2&offset=402","previous":"https://api.example.org/accounts/?limit=2&offset=398","results":[{"id":401},{"id":402}]}"#)
        #expect(d.addressing == .offsetParam("offset", start: 400))
        let pages = AnyAPIPages(url: URL(string: "https://api.example.org/accounts/?limit=2&offset=400")!, reading: d)
        #expect(pages.request(forPage: 3)?.http.url.absoluteString == "https://api.example.org/accounts/?limit=2&offset=406")
    }

    /// DRF CursorPagination: opaque `cursor` URLs and no count: walked, never jumped.
    @Test func djangoRestFrameworkCursor() throws {
        let d = try Self.detect("https://api.example.org/accounts/",
            #"{"next":"https://api.example.org/accounts/?cursor=cD0yMDE1LTA2LTE1","previous":null,"results":[{"id":1},{"id":2}]}"#)
        #expect(d.paging == .nextURL(["next"]) && d.total == nil && d.addressing == nil)
    }

    /// fastapi-pagination's `Page`: `items`, `total`, `page`, `size`, `pages`, no links.
    @Test func fastAPIPagination() throws {
        let d = try Self.detect("http://127.0.0.1:8000/users",
            #"{"items":[{"name":"John","email":"john@example.com"},{"name":"Jane","email":"jane@example.com"}],"total":100,"page":1,"size":2,"pages":50}"#)
        #expect(d.items == ["items"] && d.paging == .pageNumber(param: "page") && d.total == .body(["total"]))
        #expect(d.addressing == .pageParam("page", first: 1))
    }

    /// Datasette 0.64: `rows` beside `columns`, `count`, a `next` token and `next_url`.
    @Test func datasetteWithNextURL() throws {
        let d = try Self.detect("http://127.0.0.1:8001/sf-trees/qSpecies.json",
            #"{"database":"sf-trees","table":"qSpecies","columns":["id","value"],"rows":[{"id":1,"value":"Myoporum laetum :: Myoporum"},{"id":2,"value":"Metrosideros excelsa"}],"count":195002,"truncated":false,"next":"100","next_url":"http://127.0.0.1:8001/sf-trees/qSpecies.json?_next=100","query_ms":1.9}"#)
        #expect(d.items == ["rows"] && d.paging == .nextURL(["next_url"]) && d.total == .body(["count"]) && d.addressing == nil)
    }

    /// Datasette 1.0: `{"ok":true,"next":"…","rows":[…]}`: the token goes back as `_next`.
    @Test func datasetteOneToken() throws {
        let d = try Self.detect("http://127.0.0.1:8001/db/t.json",
            #"{"ok":true,"next":"d,v","rows":[{"id":3,"name":"Detroit"},{"id":2,"name":"Los Angeles"}],"truncated":false}"#)
        #expect(d.paging == .cursor(path: ["next"], param: "_next"))
    }

    /// Datasette's `?_shape=arrays`: rows of values, named by `columns`.
    @Test func datasetteArraysAreReadThroughColumns() throws {
        let url = URL(string: "http://127.0.0.1:8001/db/t.json?_shape=arrays")!
        let body = #"{"ok":true,"columns":["id","name"],"rows":[[3,"Detroit"],[2,"Los Angeles"]],"next":null}"#
        let d = try DialectDetector.detect(Self.answer(body), for: url)
        let page = try AnyAPIPages(url: url, reading: d).decode(Self.answer(body), for: PageRequest(url: url, index: 0))
        #expect(page.items.map { $0.name } == ["Detroit", "Los Angeles"] && page.items.map(\.id) == ["3", "2"])
    }

    /// Stripe: `object: "list"`, `data`, `has_more`; the next page is `starting_after`.
    @Test func stripeHasMore() throws {
        let url = URL(string: "https://api.stripe.com/v1/customers?limit=2")!
        let body = #"{"object":"list","url":"/v1/customers","has_more":true,"data":[{"id":"cus_A","object":"customer"},{"id":"cus_B","object":"customer"}]}"#
        let d = try DialectDetector.detect(Self.answer(body), for: url)
        #expect(d.items == ["data"] && d.paging == .hasMore(param: "starting_after") && d.addressing == nil)
        let page = try AnyAPIPages(url: url, reading: d).decode(Self.answer(body), for: PageRequest(url: url, index: 0))
        #expect(page.next?.http.url.absoluteString == "https://api.stripe.com/v1/customers?limit=2&starting_after=cus_B")
    }

    /// JSON:API (jsonapi.org, "Pagination"): `data`, `links.next`, `meta`.
    @Test func jsonAPILinks() throws {
        let url = "http://example.com/articles?page[number]=3&page[size]=1"
        let d = try Self.detect(url,
            #"{"meta":{"totalPages":13},"data":[{"type":"articles","id":"3","attributes":{"title":"JSON:API paints my bikeshed!"}}],"links":{"self":"http://example.com/articles?page[number]=3&page[size]=1","first":"http://example.com/articles?page[number]=1&page[size]=1","prev":"http://example.com/articles?page[number]=2&page[size]=1","next":"http://example.com/articles?page[number]=4&page[size]=1","last":"http://example.com/articles?page[number]=13&page[size]=1"}}"#)
        #expect(d.items == ["data"] && d.paging == .nextURL(["links", "next"]))
        #expect(d.addressing == .pageParam("page[number]", first: 3))
    }

    /// HAL as Spring Data REST writes it: `_embedded.<name>`, `_links.next.href`, `page`.
    @Test func halEmbedded() throws {
        let d = try Self.detect("http://localhost:8080/people",
            #"{"_embedded":{"people":[{"firstName":"Frodo","lastName":"Baggins"},{"firstName":"Bilbo","lastName":"Baggins"}]},"_links":{"self":{"href":"http://localhost:8080/people"},"next":{"href":"http://localhost:8080/people?page=1&size=2"}},"page":{"size":2,"totalElements":21,"totalPages":11,"number":0}}"#)
        #expect(d.items == ["_embedded", "people"] && d.paging == .nextURL(["_links", "next"]))
        #expect(d.total == .body(["page", "totalElements"]) && d.addressing == .pageParam("page", first: 0))
    }

    /// Slack's `response_metadata.next_cursor`, its items under their own name.
    @Test func slackCursor() throws {
        let d = try Self.detect("https://slack.com/api/users.list?limit=2",
            #"{"ok":true,"members":[{"id":"W012A3CDE","name":"spengler"},{"id":"W07QCRPA4","name":"glinda"}],"cache_ts":1498777272,"response_metadata":{"next_cursor":"dXNlcjpVMEc5V0ZYTlo="}}"#)
        #expect(d.items == ["members"] && d.paging == .cursor(path: ["response_metadata", "next_cursor"], param: "cursor"))
    }

    /// GraphQL-style connections served over REST: `pageInfo.endCursor` goes back as `after`.
    @Test func pageInfoEndCursor() throws {
        let url = URL(string: "https://api.example.com/things?first=2")!
        let body = #"{"nodes":[{"id":"a"},{"id":"b"}],"pageInfo":{"hasNextPage":false,"endCursor":"Y3Vyc29yOjI="}}"#
        let d = try DialectDetector.detect(Self.answer(body), for: url)
        #expect(d.paging == .cursor(path: ["pageInfo", "endCursor"], param: "after"))
        // hasNextPage false: the end, whatever the cursor.
        #expect(try AnyAPIPages(url: url, reading: d).decode(Self.answer(body), for: PageRequest(url: url, index: 0)).next == nil)
    }

    /// PostgREST: a top-level array and `Content-Range: 0-1/826`.
    @Test func postgRESTContentRange() throws {
        let d = try Self.detect("http://127.0.0.1:3000/characters", #"[{"id":1},{"id":2}]"#, headers: ["content-range": "0-1/826"])
        #expect(d.paging == .contentRange && d.total == .contentRange && d.addressing == .rangeHeader)
    }

    /// An answer with no list says what was looked for, and is no guess.
    @Test func anAnswerWithoutAListIsRefusedWithWhatWasLookedFor() {
        #expect {
            _ = try Self.detect("http://x.test/status", #"{"status":"ok","version":"1.2"}"#)
        } throws: { error in
            let message = (error as? PageFailure)?.message ?? ""
            return message.contains("no list of items") && message.contains("results") && message.contains("_embedded") && message.contains("--items")
        }
        #expect(throws: PageFailure.self) { _ = try Self.detect("http://x.test/", "<html>not json</html>") }
    }

    /// `--items` and `--paging` are taken as given.
    @Test func overridesWin() throws {
        let body = #"{"payload":{"list":[{"id":1}]},"results":[{"id":9}],"offset":0}"#
        let d = try DialectDetector.detect(Self.answer(body), for: URL(string: "http://x.test/l")!,
                                           overrides: .init(items: ["payload", "list"], paging: "none"))
        #expect(d.items == ["payload", "list"] && d.paging == .none)
        #expect(throws: PageFailure.self) {
            _ = try DialectDetector.detect(Self.answer(body), for: URL(string: "http://x.test/l")!, overrides: .init(items: ["nothing"]))
        }
    }

    @Test func linkHeadersParse() {
        let link = LinkHeader(#"<https://a.test/x?page=2>; rel="next", <https://a.test/x?page=5>; rel="last", </x?page=1>; rel="first prev""#)
        #expect(link["next"] == "https://a.test/x?page=2" && link["last"] == "https://a.test/x?page=5")
        #expect(link["first"] == "/x?page=1" && link["prev"] == "/x?page=1")
    }

    /// `--explain` names the dialect as `--paging` takes it, so a reading can be forced.
    @Test func theExplanationNamesTheDialectForPaging() throws {
        let d = try Self.detect("https://api.example.org/accounts/",
            #"{"count":3,"next":"https://api.example.org/accounts/?page=2","previous":null,"results":[{"id":1},{"id":2}]}"#)
        #expect(d.explanation.contains("next page: the URL at next in the body (--paging next)"), "\(d.explanation)")
    }
}
