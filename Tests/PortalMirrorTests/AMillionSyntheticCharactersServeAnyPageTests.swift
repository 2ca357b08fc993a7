import Foundation
import PortalCore
import PortalTestSupport
import PortalMirror
import Testing

/// `--scale N`: synthetic characters computed per request.
@Suite struct AMillionSyntheticCharactersServeAnyPageTests {
    @Test func aMillionCharactersServePage50000() async throws {
        try await Mirror.with(scale: 1_000_000) { m in
            _ = try await Mirror.get(m, "/api")   // warm the connection
            let r = try await Mirror.get(m, "/api/character?page=50000")
            #expect(r.status == 200)
            let object = try r.object()
            let info = object["info"] as? [String: Any]
            #expect(info?["count"] as? Int == 1_000_000)
            #expect(info?["pages"] as? Int == 50_000)
            #expect(info?["next"] is NSNull)
            let results = object["results"] as? [[String: Any]] ?? []
            #expect(results.map { $0["id"] as? Int } == (999_981...1_000_000).map { $0 })
            // Position 999999 is base record 999999 % 826 = 539 (id 540) in cycle 1210.
            let last = results.last ?? [:]
            let base = Mirror.data.rickAndMorty.characters[539]
            #expect(last["name"] as? String == "\(base.name) #1211")
            #expect(last["image"] as? String == "\(m.publicURL)/character/avatar/540.jpeg")
            #expect(try await Mirror.get(m, "/api/character/avatar/1000000.jpeg").status == 200)
            #expect(try await Mirror.get(m, "/api/character/1000001").status == 404)
        }
    }

    @Test func cyclesAreMarkedAndIDsAreFresh() async throws {
        try await Mirror.with(scale: 2000) { m in
            let pair = try await Mirror.get(m, "/api/character/1,827,1653").array()
            #expect(pair.map { $0["name"] as? String } == ["Rick Sanchez", "Rick Sanchez #2", "Rick Sanchez #3"])
            #expect(pair.map { $0["url"] as? String } == [1, 827, 1653].map { "\(m.publicURL)/character/\($0)" })
            let rows = try await Mirror.get(m, "/rest/v1/characters?limit=1&offset=1999", headers: ["Prefer": "count=exact"])
            #expect(rows.header("content-range") == "1999-1999/2000")
        }
    }
}
