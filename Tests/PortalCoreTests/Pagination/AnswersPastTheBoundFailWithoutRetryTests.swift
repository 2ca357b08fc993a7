import Foundation
import Testing
@testable import PortalCore
import PortalJSON
import PortalPaging
import PortalREST

/// A page or a linked item whose body `JSONNode.parse` refuses past its bound is one clear
/// failure that is never retried (the same answer would come again); a body that is not
/// JSON stays a malformed answer (issue 27, item 4).
@Suite("Answers past the tree's bound fail without retry")
struct AnswersPastTheBoundTests {
    static func nested(_ depth: Int, around value: String) -> Data {
        Data((String(repeating: "[", count: depth) + value + String(repeating: "]", count: depth)).utf8)
    }

    /// A page past a bound is one clear failure that is not retried (the same answer would
    /// come again); a body that is not JSON stays a malformed answer.
    @Test func aPagePastTheBoundFailsWithoutRetry() throws {
        let url = try #require(URL(string: "http://api.test/things"))
        let pages = AnyAPIPages(url: url, reading: ListReading(items: ["items"], paging: .pageNumber(param: "page"), pageSize: 2))
        let deep = Data(#"{"items":[{"id":1},"#.utf8) + Self.nested(300, around: "1") + Data("]}".utf8)
        do {
            _ = try pages.decode(HTTPResponse(status: 200, body: deep), for: pages.firstPage)
            Issue.record("decoded")
        } catch {
            #expect(!error.isTransient)
            #expect(error.message.hasPrefix("answer too deeply nested"), "\(error.message)")
        }
        do {
            _ = try pages.decode(HTTPResponse(status: 200, body: Data("{\"items\":[".utf8)), for: pages.firstPage)
            Issue.record("decoded")
        } catch {
            #expect(error.kind == .malformed)
        }
    }

    /// The same for a linked item the detail pane follows (`AnyAPISource.decodeLink`).
    @Test func aLinkedItemPastTheBoundFailsWithoutRetry() throws {
        let url = try #require(URL(string: "http://api.test:8000/v1/people?page=1"))
        let response = HTTPResponse(status: 200, body: Data(#"{"count":1,"next":null,"results":[{"id":7,"team":"http://api.test:8000/v1/teams/3"}]}"#.utf8))
        let source = AnyAPISource(pages: AnyAPIPages(url: url, reading: try DialectDetector.detect(response, for: url)), fields: nil)
        _ = try source.decodePage(response, for: source.firstPage(for: ListQuery(kind: source.kind)), of: ListQuery(kind: source.kind))
        let team = try #require(ItemLink("http://api.test:8000/v1/teams/3", origin: source.card.linkOrigin))
        let deep = Data(#"{"id":3,"x":"#.utf8) + Self.nested(300, around: "1") + Data("}".utf8)
        do {
            _ = try source.decodeLink(team, HTTPResponse(status: 200, body: deep))
            Issue.record("decoded")
        } catch {
            #expect(!error.isTransient)
            #expect(error.message.hasPrefix("answer too deeply nested"), "\(error.message)")
        }
    }
}
