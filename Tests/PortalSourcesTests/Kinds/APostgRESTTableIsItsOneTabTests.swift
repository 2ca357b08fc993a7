import Foundation
import PortalCore
import PortalPresets
import PortalSources
import PortalTestSupport
import Testing

/// PostgREST / Supabase (`--api postgrest`): the table named is the one tab, asked by its
/// own path with the `--where` filters and `--order`; a function (`--rpc`) is its rows.
@Suite struct APostgRESTTableIsItsOneTabTests {
    static func request(_ change: (inout SourceRequest) -> Void = { _ in }) -> SourceRequest {
        var request = SourceRequest()
        (request.api, request.data, request.environment) = (.postgREST, TestData.folder, [:])
        change(&request)
        return request
    }

    @Test func theBrowserShowsTheTableWithItsFilters() async throws {
        let resolved = try await SourceResolver().resolve(Self.request { $0.table = "episodes"; $0.whereClauses = ["id=lt.10"] },
                                                          for: .browse(tab: nil))
        #expect(resolved.source is PostgRESTSource)
        #expect(resolved.source.tabs.count == 1)
        let url = resolved.source.firstPage(for: resolved.query).http.url.absoluteString
        #expect(url.hasSuffix("/rest/v1/episodes?select=*&id=lt.10&order=id"))
    }

    @Test func portalListNamesTheTable() async throws {
        let resolved = try await SourceResolver().resolve(Self.request(), for: .list("locations"))
        #expect(resolved.noun == "locations")
        #expect(resolved.source.firstPage(for: resolved.query).http.url.path.hasSuffix("/rest/v1/locations"))
    }

    @Test func aFunctionsRowsAreItsOwnNoun() async throws {
        let resolved = try await SourceResolver().resolve(Self.request { $0.rpc = "dead_characters" }, for: .list(nil))
        #expect(resolved.noun == "rows of dead_characters")
        #expect(resolved.source.firstPage(for: resolved.query).http.url.path.hasSuffix("/rest/v1/rpc/dead_characters"))
    }

    @Test func aTableAndAFunctionTogetherAreRefused() async throws {
        await #expect(throws: SourceFailure.usage("give a table or --rpc, not both")) {
            try await SourceResolver().resolve(Self.request { $0.rpc = "f" }, for: .list("characters"))
        }
    }
}
