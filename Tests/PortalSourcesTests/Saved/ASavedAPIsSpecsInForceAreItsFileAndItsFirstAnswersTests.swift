import Foundation
import PortalCore
import PortalSources
import PortalTestSupport
import Testing

/// `portal apis show NAME [LIST]` resolved without the executable: each list's spec as the
/// file says it, completed from the list's first answer (one request a list through the
/// memory cache the command's connection has: the reading and the first record are one
/// answer), a built-in preset's from its file with no request, and the words for a list the
/// API does not have.
@Suite struct ASavedAPIsSpecsInForceAreItsFileAndItsFirstAnswersTests {
    let resolver = SourceResolver()

    @Test func eachListIsItsFileCompletedFromOneFirstAnswer() async throws {
        let server = CountingTransport(CrewTransport())
        let text = try await resolver.specsInForce(try ASavedAPIResolvesToItsListsTests.request(), list: nil,
                                                   over: Connection(transport: CachingTransport(wrapping: server), tracer: nil))
        #expect(text.contains("[apis.crew.lists.members]"))
        #expect(text.contains(#"page = "pg""#) && text.contains(#"total = "paging.total_count""#))
        #expect(text.contains("[apis.crew.lists.teams]"))
        #expect(server.count == 2)
    }

    @Test func oneListIsOneRequest() async throws {
        let server = CountingTransport(CrewTransport())
        let text = try await resolver.specsInForce(try ASavedAPIResolvesToItsListsTests.request(), list: "teams",
                                                   over: Connection(transport: CachingTransport(wrapping: server), tracer: nil))
        #expect(text.contains("[apis.crew.lists.teams]") && !text.contains("members"))
        #expect(server.count == 1)
    }

    @Test func aListTheAPIDoesNotHaveIsAUsageErrorNamingItsLists() async throws {
        let server = CountingTransport(CrewTransport())
        let failure = await #expect(throws: SourceFailure.self) {
            try await resolver.specsInForce(try ASavedAPIResolvesToItsListsTests.request(), list: "planets", over: Connection(transport: server, tracer: nil))
        }
        #expect(failure?.kind == .usage)
        #expect(failure?.message == "'planets' is not a list of crew (members, teams)")
        #expect(server.count == 0)
    }

    @Test func aBuiltInPresetIsItsFileWithNoRequest() async throws {
        var request = SourceRequest()
        (request.saved, request.config) = ("rickandmorty", try ASavedAPIResolvesToItsListsTests.config())
        let server = CountingTransport(CrewTransport())
        let text = try await resolver.specsInForce(request, list: "episode", over: Connection(transport: server, tracer: nil))
        #expect(text.hasPrefix("[apis.rickandmorty.lists.episode]"))
        #expect(server.count == 0)
    }
}
