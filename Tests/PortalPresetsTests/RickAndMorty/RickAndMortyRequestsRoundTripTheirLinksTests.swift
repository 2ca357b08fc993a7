import PortalMirror
import Foundation
import Testing
@testable import PortalCore
import PortalPresets
import PortalTestSupport

@Suite("APIRequest builds URLs and parses every link the server writes")
struct APIRequestTests {
    @Test func buildsListURLs() {
        #expect(APIRequest.list(.character).url(base: TestData.base).absoluteString == "https://rickandmortyapi.com/api/character")
        let r = APIRequest.list(.character, page: 2, filters: [("name", "rick sanchez"), ("status", "dead"), ("dimension", "x"), ("species", "")])
        #expect(r.url(base: TestData.base).absoluteString == "https://rickandmortyapi.com/api/character?page=2&name=rick%20sanchez&status=dead")
        #expect(APIRequest.items(.episode, ids: [1, 2, 3]).url(base: BaseURL(TestData.base + "/")).absoluteString == "https://rickandmortyapi.com/api/episode/1,2,3")
        #expect(APIRequest.items(.episode, ids: [28]).pathAndQuery == "/episode/[28]")
    }

    /// The links the real server writes: path as sent, raw values, any filter order.
    @Test(arguments: [
        ("https://rickandmortyapi.com/api/character?page=2", APIRequest.list(.character, page: 2), false),
        ("https://rickandmortyapi.com/api/character/?page=3&name=rick sanchez", APIRequest.list(.character, page: 3, filters: [("name", "rick sanchez")]), true),
        ("https://rickandmortyapi.com/api/character?page=2&status=dead&name=rick", APIRequest.list(.character, page: 2, filters: [("status", "dead"), ("name", "rick")]), false),
        ("https://rickandmortyapi.com/api/character?page=2&name=(", APIRequest.list(.character, page: 2, filters: [("name", "(")]), false),
        ("https://rickandmortyapi.com/api/character?page=2&name=100%", APIRequest.list(.character, page: 2, filters: [("name", "100%")]), false),
        ("https://rickandmortyapi.com/api/character?page=2&foo=bar&name=a+b", APIRequest.list(.character, page: 2, filters: [("name", "a b")]), false),
        ("https://rickandmortyapi.com/api/location?page=7&dimension=C-137", APIRequest.list(.location, page: 7, filters: [("dimension", "C-137")]), false),
        ("https://rickandmortyapi.com/api/episode?episode=S01&page=0", APIRequest.list(.episode, filters: [("episode", "S01")]), false),
    ])
    func parsesServerLinks(link: String, expected: APIRequest, slash: Bool) throws {
        let parsed = try #require(APIRequest.parse(link))
        var want = expected
        want.trailingSlash = slash
        #expect(parsed.request == want)
        #expect(parsed.origin == Origin(scheme: "https", host: "rickandmortyapi.com", port: nil))
        #expect(parsed.rootPath == "/api")
    }

    @Test func parsesIDsAndOrigins() throws {
        #expect(APIRequest.parse("http://127.0.0.1:8080/api/character/1,2,3")?.request.selection == .many([1, 2, 3]))
        #expect(APIRequest.parse("http://127.0.0.1:8080/api/character/[4]")?.request.selection == .many([4]))
        #expect(APIRequest.parse("http://127.0.0.1:8080/api/character/7")?.request.selection == .one(7))
        #expect(APIRequest.parse("http://127.0.0.1:8080/api/character/7")?.origin.port == 8080)
        #expect(APIRequest.parse("http://127.0.0.1:8080/api/nothing") == nil)
        #expect(APIRequest.parse("ftp://example.com/api/character") == nil)
    }

    /// Property: build → parse → build is the identity for random requests, including
    /// values full of spaces, punctuation, percent signs and non-ASCII letters.
    @Test func buildParseBuildIsIdentity() throws {
        var rng = SplitMix64(seed: 42)
        let alphabet = Array("abc XYZ()[]&=?#%+/.,:;'\"!é字🙂-_~")
        for _ in 0..<2000 {
            let resource = Resource.allCases[Int(rng.next() % 3)]
            var request: APIRequest
            switch rng.next() % 4 {
            case 0:
                request = APIRequest.items(resource, ids: (0..<Int(1 + rng.next() % 5)).map { _ in Int(1 + rng.next() % 900) })
            case 1:
                request = APIRequest(resource: resource, selection: .one(Int(1 + rng.next() % 900)))
            default:
                var filters: [(String, String)] = []
                for key in resource.allowedFilters.shuffled(using: &rng) where rng.next() % 2 == 0 {
                    let length = Int(1 + rng.next() % 12)
                    filters.append((key, String((0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })))
                }
                let page: Int? = rng.next() % 3 == 0 ? nil : Int(1 + rng.next() % 60)
                request = APIRequest.list(resource, page: page, filters: filters)
                request.trailingSlash = rng.next() % 2 == 0
            }
            for base in ["https://rickandmortyapi.com/api", "http://127.0.0.1:8080/api", "http://[::1]:9/x/api"] {
                let url = request.url(base: BaseURL(base)).absoluteString
                let parsed = try #require(APIRequest.parse(url), "\(url)")
                #expect(parsed.request == request, "\(url)")
                #expect(parsed.request.url(base: BaseURL(base)).absoluteString == url)
            }
        }
    }

    /// Following `next` keeps every filter: the tutorial bug re-fetched page 1 because the
    /// query was lost.
    @Test func followingNextKeepsTheQuery() throws {
        let link = "https://rickandmortyapi.com/api/character/?page=2&name=rick sanchez&status=alive"
        let parsed = try #require(APIRequest.parse(link))
        #expect(parsed.request.url(base: TestData.base).absoluteString
            == "https://rickandmortyapi.com/api/character/?page=2&name=rick%20sanchez&status=alive")
    }
}
