import Foundation
import Testing
@testable import PortalCore
import PortalTestSupport
import PortalPaging
import PortalREST

/// `past_end` says what a page past the end answers, body and all: Rick and Morty's 404
/// `{"error":"There is nothing here"}` ends the list (an empty search is an empty list),
/// while a 404 with another body — a wrong `--base-url`, a mistyped saved path, an HTML
/// error page — fails the page with its status, as any failed page (retried, `r`).
/// `past_end = 404` alone still reads every 404 as the end, for users who want that.
@Suite("past_end: the file's answer, not any 404")
struct PastEndIsTheFilesAnswerNotAny404Tests {
    static let nothingHere = HTTPResponse(status: 404, body: Data(#"{"error":"There is nothing here"}"#.utf8))
    static let others = [
        HTTPResponse(status: 404, headers: ["content-type": "text/html"], body: Data("<html><body><h1>404 Not Found</h1></body></html>".utf8)),
        HTTPResponse(status: 404, body: Data(#"{"detail":"Not found."}"#.utf8)),
        HTTPResponse(status: 404, body: Data(#"{"error":"Character not found"}"#.utf8)),
        HTTPResponse(status: 404, body: Data()),
    ]

    @Test func rickAndMortysEmptySearchIsStillAnEmptyList() throws {
        let query = ListQuery(kind: .character, filters: [("name", "zzz")])
        let source = TestData.rickAndMorty()
        let page = try source.decodePage(Self.nothingHere, for: source.firstPage(for: query), of: query)
        #expect(page.items.isEmpty && page.totalCount == 0 && page.next == nil)
    }

    @Test(arguments: others)
    func another404FailsRickAndMortysPageWithItsStatus(_ answer: HTTPResponse) throws {
        let query = ListQuery(kind: .character)
        let source = TestData.rickAndMorty()
        for request in [source.firstPage(for: query), try #require(PageAddressing(source: source, query: query)?.request(forPage: 3))] {
            let failure = try #require(throws: PageFailure.self) { try source.decodePage(answer, for: request, of: query) }
            #expect(failure.kind == .http(status: 404) && failure.message.contains("404"), "\(failure.message)")
        }
    }

    /// A user's list read with the same spec (`AnyAPIPages`, what `[apis.NAME.lists.LIST]` pages by).
    @Test func aUsersListEndsOnlyAtTheAnswerItsSpecNames() throws {
        let url = try #require(URL(string: "http://x.test/api/character"))
        var spec = PagingSpec(style: "next", names: ["next": "info.next", "page": "page"], pastEnd: PastEnd(status: 404, error: "There is nothing here"))
        let pages = AnyAPIPages(url: url, reading: try spec.reading(url: url, items: ["results"], pageSize: 20))
        let ended = try pages.decode(Self.nothingHere, for: pages.firstPage)
        #expect(ended.items.isEmpty && ended.next == nil)
        for answer in Self.others {
            #expect(throws: PageFailure(statusOf: answer)) { try pages.decode(answer, for: pages.firstPage) }
        }
        // `past_end = 404`: the status alone, any body.
        spec.pastEnd = PastEnd(status: 404)
        let lenient = AnyAPIPages(url: url, reading: try spec.reading(url: url, items: ["results"], pageSize: 20))
        for answer in Self.others { #expect(try lenient.decode(answer, for: lenient.firstPage).items.isEmpty) }
    }

    /// A saved API's list, read from its first answer (`AnyAPISource.unread`): its spec's
    /// past-end answer on that first page is an empty list, another 404 fails it.
    @Test func aSavedListsFirstPageEndsOnlyAtItsSpecsAnswer() throws {
        let url = try #require(URL(string: "http://x.test/api/character?name=zzz"))
        let spec = PagingSpec(style: "next", names: ["next": "info.next", "page": "page"], pastEnd: PastEnd(status: 404, error: "There is nothing here"))
        func source() -> AnyAPISource {
            AnyAPISource.unread(url: url, headers: [:], overrides: DialectDetector.Overrides(items: ["results"], spec: spec), name: "people")
        }
        let empty = source()
        let query = ListQuery(kind: empty.tabs[0].kind)
        let page = try empty.decodePage(Self.nothingHere, for: empty.firstPage(for: query), of: query)
        #expect(page.items.isEmpty && page.next == nil && !empty.isUnread)
        for answer in Self.others {
            let failing = source()
            #expect(throws: PageFailure(statusOf: answer)) { try failing.decodePage(answer, for: failing.firstPage(for: query), of: query) }
        }
    }

    /// `portal list NAME LIST` reads a saved list's first answer before the list starts
    /// (`DialectProbe`): the spec's past-end answer is a list, another 404 a failure.
    @Test func theProbeReadsThePastEndAnswerAsAList() async throws {
        let url = "http://x.test/api/character?name=zzz"
        let spec = PagingSpec(style: "next", names: ["next": "info.next", "page": "page"], pastEnd: PastEnd(status: 404, error: "There is nothing here"))
        let overrides = DialectDetector.Overrides(items: ["results"], spec: spec)
        let ended = FixedTransport(answers: [url: .json(404, #"{"error":"There is nothing here"}"#)])
        let read = await DialectProbe.detect(url: try #require(URL(string: url)), headers: [:], overrides: overrides, sender: RetryingSender(transport: ended))
        #expect((try? read.get())?.paging.isPastEnd(Self.nothingHere) == true, "\(read)")
        let other = FixedTransport(answers: [url: .json(404, #"{"detail":"Not found."}"#)])
        let failed = await DialectProbe.detect(url: try #require(URL(string: url)), headers: [:], overrides: overrides, sender: RetryingSender(transport: other))
        #expect(throws: PageFailure.self) { try failed.get() }
    }

    @Test func theBodyIsReadAsJSONItsErrorFieldExactly() {
        let end = PastEnd(status: 404, error: "There is nothing here")
        #expect(end.matches(Self.nothingHere))
        #expect(!end.matches(HTTPResponse(status: 410, body: Self.nothingHere.body)))
        #expect(!end.matches(HTTPResponse(status: 404, body: Data(#"{"message":"There is nothing here"}"#.utf8))))
        #expect(!end.matches(HTTPResponse(status: 404, body: Data(#"{"errors":{"error":"There is nothing here"}}"#.utf8))))
        #expect(!end.matches(HTTPResponse(status: 404, body: Data("There is nothing here".utf8))))
        #expect(end.matches(HTTPResponse(status: 404, body: Data(#" {"error": "There is nothing here", "x": 1} "#.utf8))))
    }
}
