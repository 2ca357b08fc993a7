import Foundation
import PortalCore
import PortalCurl
import PortalOpenAPI
import PortalTestSupport
import Testing
import PortalPaging

/// FastAPI's tutorial list — `list[User]` with `skip` and `limit` — answers a bare array
/// with no link and no total: only the document's parameters say it pages.
@Suite struct ParameterPagingTests {
    static let document = """
        {"openapi":"3.1.0","info":{"title":"Users","version":"0.1.0"},"paths":{
          "/users/":{"get":{"operationId":"read_users_users__get","parameters":[
            {"name":"skip","in":"query","required":false,"schema":{"type":"integer","default":0,"title":"Skip"}},
            {"name":"limit","in":"query","required":false,"schema":{"type":"integer","default":10,"title":"Limit"}}],
            "responses":{"200":{"description":"Successful Response","content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/User"},"title":"Response Read Users Users  Get"}}}}}}}},
          "components":{"schemas":{"User":{"properties":{"id":{"type":"integer","title":"Id"},"name":{"type":"string","title":"Name"}},"type":"object","required":["id","name"],"title":"User"}}}}
        """

    /// 45 users, `skip`/`limit` as FastAPI reads them (limit 10 by default).
    static func answer(_ head: String) -> LoopbackServer.Answer {
        let target = LoopbackServer.target(of: head)
        if target == "/openapi.json" { return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: document) }
        guard target.hasPrefix("/users/"), let url = URL(string: "http://x" + target) else { return LoopbackServer.response("404 Not Found", body: "{}") }
        let skip = QueryEdit.value(url, "skip").flatMap { Int($0) } ?? 0
        let limit = QueryEdit.value(url, "limit").flatMap { Int($0) } ?? 10
        let users = (1...45).dropFirst(skip).prefix(limit).map { #"{"id":\#($0),"name":"User \#($0)"}"# }
        return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: "[" + users.joined(separator: ",") + "]")
    }

    @Test func aBareArrayIsPagedByTheDocumentsOffsetParameter() async throws {
        let server = try LoopbackServer(respond: Self.answer)
        defer { server.stop() }
        let transport = CurlTransport()
        let tabs = try await OpenAPITabs.load(location: server.baseURL + "/openapi.json", transport: transport)
        #expect(tabs.lists.map(\.name) == ["users"])
        #expect(tabs.lists.first?.declared?.fromParameters == .offset(param: "skip"))
        let (source, readings) = await tabs.source(transport: transport, headers: [:], lists: tabs.lists)
        #expect(try readings.first?.reading.get().paging.description == OffsetPaging(param: "skip").description)
        let users = try await everyItem(of: ItemKind(rawValue: "users"), in: source, through: transport)
        #expect(users.map(\.servedID) == (1...45).map { String($0) })
    }
}
