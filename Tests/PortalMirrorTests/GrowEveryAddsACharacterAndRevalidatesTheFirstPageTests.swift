import Foundation
import PortalCore
import PortalTestSupport
@testable import PortalMirror
import Testing

/// `--grow-every`: one more character at the end every interval (the order the real API
/// keeps: ascending ids, a new one gets the next), with the first page's ETag changing
/// only when the list did — what `portal --watch` asks for.
@Suite struct GrowEveryAddsACharacterAndRevalidatesTheFirstPageTests {
    @Test func aCharacterIsAddedAtTheEndEveryIntervalAndTheFirstPageRevalidates() async throws {
        let clock = ManualClock()
        var data = Mirror.data
        data.clock = { clock.now }
        var options = MirrorOptions()
        options.port = 0
        options.log = .none
        options.growEvery = .seconds(5)
        let m = try await MirrorServer.start(options, data: data)
        let total = Mirror.data.rickAndMorty.characters.count

        let first = try await Mirror.get(m, "/api/character")
        let tag = try #require(first.header("etag"))
        #expect((try first.object()["info"] as? [String: Any])?["count"] as? Int == total)
        #expect(try await Mirror.get(m, "/api/character", headers: ["If-None-Match": tag]).status == 304)

        clock.advance(.seconds(11))  // two intervals
        let grown = try await Mirror.get(m, "/api/character", headers: ["If-None-Match": tag])
        #expect(grown.status == 200 && grown.header("etag") != tag)
        #expect((try grown.object()["info"] as? [String: Any])?["count"] as? Int == total + 2)
        let added = try await Mirror.get(m, "/api/character/\(total + 1),\(total + 2)").array()
        let base = Mirror.data.rickAndMorty.characters
        #expect(added.map { $0["name"] as? String } == ["\(base[0].name) (new 1)", "\(base[1].name) (new 2)"])
        #expect(try await Mirror.get(m, "/api/character/\(total + 3)").status == 404)
        // The first page still starts with the first character: new ones are at the end.
        let results = try grown.object()["results"] as? [[String: Any]] ?? []
        #expect(results.first?["id"] as? Int == 1)
        await m.stop()
    }
}
