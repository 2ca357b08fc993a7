import Foundation
import PortalCore
import Testing
import PortalPaging
import PortalREST

/// The source behind `portal --url`: items as `Item` with their titles and card
/// fields, same-origin URLs in them as links the pane follows (an object opens as that
/// item, a list as one item holding its first page), other origins never.
@Suite struct AnyAPIItemsHaveTitlesFieldsAndSameOriginLinksTests {
    static let url = URL(string: "http://api.test:8000/v1/people?page=1")!
    static let body = #"{"count":2,"next":null,"results":[{"id":7,"login":"ada","type":"User","html_url":"https://elsewhere.test/ada","team":{"name":"core","url":"http://api.test:8000/v1/teams/3"},"repos_url":"http://api.test:8000/v1/people/7/repos"},{"id":8,"full_name":"Grace Hopper","admin":true}]}"#

    static func source(fields: [String]? = nil) throws -> (AnyAPISource, [Item]) {
        let response = HTTPResponse(status: 200, body: Data(body.utf8))
        let reading = try DialectDetector.detect(response, for: url)
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: reading, headers: ["Authorization": "Bearer k"]), fields: fields)
        let page = try source.decodePage(response, for: source.firstPage(for: ListQuery(kind: source.kind)), of: ListQuery(kind: source.kind))
        return (source, page.items)
    }

    @Test func itemsHaveTitlesAndTellingFields() throws {
        let (source, items) = try Self.source()
        #expect(source.tabs.map(\.title) == ["People"])
        let ada = items[0].record, grace = items[1].record
        #expect(ada.title == "ada" && grace.title == "Grace Hopper")
        #expect(ada.cardFields().map(\.name) == ["type"])
        #expect(grace.cardFields().map { "\($0.name)=\($0.value)" } == ["admin=true"])
        let (_, chosen) = try Self.source(fields: ["team.name", "login"])
        let picked = chosen[0].record
        #expect(picked.cardFields().map { "\($0.name)=\($0.value)" } == ["team.name=core", "login=ada"])
    }

    @Test func sameOriginURLsAreLinksWithTheListsHeaders() throws {
        let (source, _) = try Self.source()
        let team = try #require(ItemLink("http://api.test:8000/v1/teams/3", origin: source.card.linkOrigin))
        let request = try #require(source.linkRequest(team))
        #expect(request.url.absoluteString == "http://api.test:8000/v1/teams/3" && request.headers["Authorization"] == "Bearer k")
        #expect(ItemLink("https://elsewhere.test/ada", origin: source.card.linkOrigin) == nil)
        // A link made elsewhere (not by this list's origin) is never asked with its headers.
        let foreign = try #require(ItemLink("https://elsewhere.test/ada", origin: "https://elsewhere.test:443"))
        #expect(source.linkRequest(foreign) == nil)
        #expect(!JSONLinks.isLink("http://api.test:80001/x", origin: "http://api.test:8000"))
    }

    /// The link carries its URL, so a source that decoded nothing yet (a fresh copy, as
    /// every copy of a value is) follows it: no source remembers the URLs it has seen.
    @Test func aLinkIsFollowedByAnyCopyOfTheSourceWithoutHavingBeenSeen() throws {
        let url = try #require(URL(string: "http://api.test:8000/v1/people"))
        let response = HTTPResponse(status: 200, body: Data(#"{"count":1,"next":null,"results":[{"id":7}]}"#.utf8))
        let fresh = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(response, for: url)))
        let link = try #require(ItemLink("http://api.test:8000/v1/teams/3?b=2&a=1", origin: fresh.card.linkOrigin))
        #expect(fresh.linkRequest(link)?.url.absoluteString == "http://api.test:8000/v1/teams/3?b=2&a=1")
        // Two spellings of one URL are one link (one item, one pane key).
        #expect(link == ItemLink(url: try #require(URL(string: "http://api.test:8000/v1/teams/3?a=1&b=2"))))
        #expect(link.key.kind == .link)
    }

    @Test func linksOnADefaultPortAreLinks() throws {
        // GitHub's items link to https://api.github.com/… with no port written: the same
        // origin as the list's, compared as origins, not as text.
        let origin = JSONLinks.origin(of: try #require(URL(string: "https://api.github.com/repos/apple/swift/issues")))
        #expect(JSONLinks.isLink("https://api.github.com/users/octocat", origin: origin))
        #expect(JSONLinks.isLink("https://API.github.com:443/users/octocat", origin: origin))
        #expect(!JSONLinks.isLink("https://api.github.com.evil.test/users", origin: origin))
        #expect(!JSONLinks.isLink("http://api.github.com/users/octocat", origin: origin))
        #expect(!JSONLinks.isLink("not a url", origin: origin))
    }

    @Test func aLinkedObjectIsThatItemAndAListItsFirstPage() throws {
        let (source, _) = try Self.source()
        let origin = source.card.linkOrigin
        let team = try #require(ItemLink("http://api.test:8000/v1/teams/3", origin: origin))
        let object = try source.decodeLink(team, HTTPResponse(status: 200, body: Data(#"{"id":3,"name":"core","members_url":"http://api.test:8000/v1/teams/3/members"}"#.utf8)))
        #expect(object.id == team.key)
        let core = object.record
        #expect(core.link == team && !core.isPage)
        let repos = try #require(ItemLink("http://api.test:8000/v1/people/7/repos", origin: origin))
        let list = try source.decodeLink(repos, HTTPResponse(status: 200, headers: ["x-total-count": "40", "link": #"<http://api.test:8000/v1/people/7/repos?page=2>; rel="next""#],
                                                            body: Data(#"[{"id":1,"name":"portal"},{"id":2,"name":"mirror"}]"#.utf8)))
        let held = list.record
        #expect(held.title == "2 of 40 items" && held.row.columns.map(\.name) == ["name", "portal", "mirror"])
        #expect(held.isPage && held.link == repos)
        // The next page is a link value with its URL, followed as any link is.
        let next = try #require(held.nextPage)
        #expect(next.url.absoluteString == "http://api.test:8000/v1/people/7/repos?page=2")
        #expect(source.linkRequest(next)?.url == next.url)
    }
}
