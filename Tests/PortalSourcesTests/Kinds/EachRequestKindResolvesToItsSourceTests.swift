import Foundation
import PortalCore
import PortalPresets
import PortalSources
import PortalTestSupport
import Testing
import PortalGraphQL
import PortalPaging
import PortalREST

/// Each kind of request the command line makes — a built-in preset, `--url`, `--graphql`,
/// `--openapi` — resolved without the executable: the source it becomes, its tabs, and the
/// URL of the first page the browser would ask for.
@Suite struct EachRequestKindResolvesToItsSourceTests {
    let resolver = SourceResolver()

    static func firstURL(_ resolved: ResolvedSource, tab: Int? = nil) -> String {
        let spec = resolved.source.tabs[tab ?? resolved.tab]
        return resolved.source.firstPage(for: ListQuery(kind: spec.kind)).http.url.absoluteString
    }

    @Test func theDefaultPresetOverTheSnapshotIsRickAndMortysThreeTabs() async throws {
        var request = SourceRequest()
        request.data = TestData.folder
        let resolved = try await resolver.resolve(request, for: .browse(tab: "episodes"))
        #expect(resolved.source is RickAndMortySource)
        #expect(resolved.source.tabs.map(\.title) == ["Characters", "Episodes", "Locations"])
        #expect(resolved.tab == 1)
        #expect(resolved.label == "offline snapshot")
        #expect(Self.firstURL(resolved) == TestData.baseURL + "/episode")
    }

    @Test func aPresetListIsTheTabItNamesWithTheFilters() async throws {
        var request = SourceRequest()
        request.data = TestData.folder
        request.filters = [("status", "dead")]
        let resolved = try await resolver.resolve(request, for: .list("characters"))
        #expect(resolved.noun == "characters")
        #expect(resolved.query.filters.map(\.value) == ["dead"])
        let url = resolved.source.firstPage(for: resolved.query).http.url.absoluteString
        #expect(url == TestData.baseURL + "/character?status=dead")
    }

    @Test func aURLIsReadFromItsFirstAnswerInOneRequest() async throws {
        let server = CountingTransport(try DialectTransport())
        var request = SourceRequest()
        request.url = DialectTransport.url(.pages).absoluteString
        let resolved = try await resolver.resolve(request, for: .list(nil), over: Connection(transport: server, tracer: nil))
        #expect(resolved.source is AnyAPISource)
        #expect(resolved.source.tabs.count == 1)
        #expect(resolved.reading?.paging.name == "page")
        #expect(resolved.label == "dialects.test")
        #expect(resolved.noun == "items at this URL")
        #expect(Self.firstURL(resolved) == DialectTransport.url(.pages).absoluteString)
        #expect(server.count == 1)
    }

    @Test func aGraphQLEndpointIsATabPerRootList() async throws {
        var request = SourceRequest()
        request.graphql = GraphQLTestServer.endpoint.absoluteString
        let resolved = try await resolver.resolve(request, for: .browse(tab: nil), over: Connection(transport: GraphQLTestServer(), tracer: nil))
        #expect(resolved.source is GraphQLSource)
        #expect(resolved.source.tabs.map(\.title).contains("characters"))
        #expect(resolved.label == "graphql.test")
        #expect(Self.firstURL(resolved) == GraphQLTestServer.endpoint.absoluteString)
    }

    @Test func aGraphQLListMustBeNamedAmongTheServersLists() async throws {
        var request = SourceRequest()
        request.graphql = GraphQLTestServer.endpoint.absoluteString
        let failure = await #expect(throws: SourceFailure.self) {
            try await resolver.resolve(request, for: .list("nope"), over: Connection(transport: GraphQLTestServer(), tracer: nil))
        }
        #expect(failure?.kind == .runtime)
        #expect(failure?.message.hasPrefix("'nope' is not a list of this server (") == true)
    }

    @Test func anOpenAPIDocumentIsATabPerListOperation() async throws {
        let document = try Self.document()
        var request = SourceRequest()
        request.openapi = document
        let resolved = try await resolver.resolve(request, for: .list("characters"),
                                                  over: Connection(transport: try DialectTransport(), tracer: nil))
        #expect(resolved.listName == "characters")
        #expect(resolved.noun == "items of characters")
        #expect(resolved.source.firstPage(for: resolved.query).http.url.absoluteString == DialectTransport.origin + "/dialects/pages/characters")
    }

    @Test func anOpenAPIListNotInTheDocumentIsRefusedWithStatusTwo() async throws {
        var request = SourceRequest()
        request.openapi = try Self.document()
        let failure = await #expect(throws: SourceFailure.self) {
            try await resolver.resolve(request, for: .list("nope"), over: Connection(transport: try DialectTransport(), tracer: nil))
        }
        #expect(failure?.kind == .refused(status: 2))
        #expect(failure?.message == "'nope' is not a list of the document (characters)")
    }

    /// A one-list OpenAPI document served by `DialectTransport`, written to a temporary file.
    static func document() throws -> String {
        let text = """
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
             "servers": [{"url": "\(DialectTransport.origin)/dialects"}],
             "paths": {"/pages/characters": {"get": {"operationId": "listCharacters",
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                 "properties": {"results": {"type": "array", "items": {"type": "object"}}}}}}}}}}}}
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("portal-sources-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
