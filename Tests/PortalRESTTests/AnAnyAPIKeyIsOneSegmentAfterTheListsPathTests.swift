import Foundation
import PortalCore
import Testing
import PortalPaging
import PortalREST

/// REST's `{list URL}/{key}` (`AnyAPISource.keyPathRequest`): the list's URL without its
/// query, the key one percent-encoded segment, the list's headers; an object answered is
/// the record, a list or a page is none.
@Suite struct AnAnyAPIKeyIsOneSegmentAfterTheListsPathTests {
    static func list(_ url: String) throws -> AnyAPISource {
        let reading = ListReading(items: [], paging: .pageNumber(param: "page"), pageSize: 20)
        return AnyAPISource(pages: AnyAPIPages(url: try #require(URL(string: url)), reading: reading, headers: ["X-Key": "k"]),
                            spec: ListSpec(key: ["uid"]))
    }

    @Test func theKeyIsOneSegmentAfterTheListsPath() throws {
        let users = try Self.list("http://api.test/v1/users/?page=2&sort=name")
        let request = try #require(users.keyPathRequest(.text("a b/c?d")))
        #expect(request.url.absoluteString == "http://api.test/v1/users/a%20b%2Fc%3Fd")
        #expect(request.headers["X-Key"] == "k")
        #expect(users.keyPathRequest(.text("")) == nil)
    }

    @Test func anObjectIsTheRecordAndAListIsNone() throws {
        let users = try Self.list("http://api.test/v1/users")
        let one = try users.decodeKeyPath(HTTPResponse(status: 200, body: Data(#"{"uid":"ab","name":"A"}"#.utf8)))
        guard let record = one?.record else { Issue.record("no record"); return }
        #expect(record.id == .text("ab"))
        #expect(try users.decodeKeyPath(HTTPResponse(status: 200, body: Data(#"[{"uid":"ab"}]"#.utf8))) == nil)
        #expect(try users.decodeKeyPath(HTTPResponse(status: 200, body: Data(#"{"results":[{"uid":"ab"}],"next":null}"#.utf8))) == nil)
        #expect(throws: PageFailure.self) { try users.decodeKeyPath(HTTPResponse(status: 404, body: Data())) }
    }
}
