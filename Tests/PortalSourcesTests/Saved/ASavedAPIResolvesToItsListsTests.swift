import Foundation
import PortalCore
import PortalSources
import PortalTestSupport
import Testing
import PortalPaging
import PortalREST

/// A saved API NAME [LIST] from a config file, resolved without the executable: its lists
/// as tabs named as the file names them, one list for `portal list`, and the words for a
/// list it does not have.
@Suite struct ASavedAPIResolvesToItsListsTests {
    let resolver = SourceResolver()

    static func config() throws -> String {
        let text = """
            [apis.crew]
            url = "\(CrewTransport.root)"
            [apis.crew.lists.members]
            path = "/members"
            items = "members"
            paging = { style = "page", page = "pg", size = "per", total = "paging.total_count" }
            [apis.crew.lists.teams]
            path = "/teams"
            items = "teams"
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("portal-sources-\(UUID().uuidString).toml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func request() throws -> SourceRequest {
        var request = SourceRequest()
        (request.saved, request.config) = ("crew", try config())
        return request
    }

    @Test func theBrowserGetsEveryListAsATabAskingNothingFirst() async throws {
        let server = CountingTransport(CrewTransport())
        let resolved = try await resolver.resolve(try Self.request(), for: .browse(tab: "teams"), over: Connection(transport: server, tracer: nil))
        #expect(resolved.source is SavedTabsSource)
        #expect(resolved.source.tabs.map(\.title) == ["Members", "Teams"])
        #expect(resolved.tab == 1)
        #expect(resolved.label == "crew.test")
        #expect(resolved.source.firstPage(for: ListQuery(kind: ItemKind(rawValue: "members"))).http.url.absoluteString == CrewTransport.root + "/members")
        #expect(server.count == 0)
    }

    @Test func aListIsThatListsSourceReadFromItsFirstPage() async throws {
        let server = CountingTransport(CrewTransport())
        let resolved = try await resolver.resolve(try Self.request(), for: .list("members"), over: Connection(transport: server, tracer: nil))
        #expect(resolved.source is AnyAPISource)
        #expect(resolved.noun == "items of crew members")
        #expect(resolved.listName == "members")
        #expect(resolved.source.firstPage(for: resolved.query).http.url.absoluteString == CrewTransport.root + "/members")
        #expect(server.count == 1)
    }

    @Test func aListTheFileDoesNotNameIsAUsageErrorNamingItsLists() async throws {
        let failure = await #expect(throws: SourceFailure.self) {
            try await resolver.resolve(try Self.request(), for: .list("nope"), over: Connection(transport: CrewTransport(), tracer: nil))
        }
        #expect(failure == .usage("'nope' is not a list of crew (members, teams)"))
    }

    @Test func twoListsAndNoneNamedAsksForOne() async throws {
        let failure = await #expect(throws: SourceFailure.self) {
            try await resolver.resolve(try Self.request(), for: .list(nil), over: Connection(transport: CrewTransport(), tracer: nil))
        }
        #expect(failure == .usage("name one of crew's lists: members, teams"))
    }

    @Test func anUnknownNameSaysWhatIsSaved() async throws {
        var request = try Self.request()
        request.saved = "gh"
        let failure = await #expect(throws: SourceFailure.self) {
            try await resolver.resolve(request, for: .browse(tab: nil), over: Connection(transport: CrewTransport(), tracer: nil))
        }
        #expect(failure == .usage("no saved API named 'gh' in \(request.config ?? "") (saved: crew)"))
    }
}
