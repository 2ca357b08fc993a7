import Foundation
import PortalCore
import PortalDemoModels
import PortalPresets
import PortalCurl
import PortalTestSupport
import PortalMirror
import Testing

/// The mirror's Rick and Morty API over real HTTP, fact by fact (`api-facts.md` §1).
@Suite struct TheMirrorAnswersAsRickAndMortyDoesTests {
    @Test func rootListsTheThreeResourcesInOrder() async throws {
        try await Mirror.with { m in
            let r = try await Mirror.get(m, "/api")
            #expect(r.status == 200)
            let base = m.publicURL
            #expect(r.text == #"{"characters":"\#(base)/character","locations":"\#(base)/location","episodes":"\#(base)/episode"}"#)
            #expect(r.header("content-type")?.hasPrefix("application/json") == true)
            #expect(try await Mirror.get(m, "/api/").text == r.text)
        }
    }

    @Test func firstPageHasInfoAndTwentyResultsInKeyOrder() async throws {
        try await Mirror.with { m in
            let r = try await Mirror.get(m, "/api/character")
            #expect(r.status == 200)
            #expect(r.text.hasPrefix(#"{"info":{"count":826,"pages":42,"next":"\#(m.publicURL)/character?page=2","prev":null},"results":[{"id":1,"name":"Rick Sanchez","status":"Alive","species":"Human","type":"","gender":"Male","origin":{"name":"Earth (C-137)","url":"\#(m.publicURL)/location/1"}"#))
            let results = try r.object()["results"] as? [[String: Any]] ?? []
            #expect(results.map { $0["id"] as? Int } == (1...20).map { $0 })
            #expect(results[0]["image"] as? String == "\(m.publicURL)/character/avatar/1.jpeg")
            #expect(results[0]["url"] as? String == "\(m.publicURL)/character/1")
            #expect(m.publicURL == "\(m.origin)/api")
        }
    }

    @Test func lastPageAndPastTheEnd() async throws {
        try await Mirror.with { m in
            let last = try await Mirror.get(m, "/api/character?page=42").object()
            let info = last["info"] as? [String: Any] ?? [:]
            #expect(info["next"] is NSNull)
            #expect(info["prev"] as? String == "\(m.publicURL)/character?page=41")
            #expect((last["results"] as? [Any])?.count == 6)
            let past = try await Mirror.get(m, "/api/character?page=43")
            #expect(past.status == 404)
            #expect(past.text == #"{"error":"There is nothing here"}"#)
        }
    }

    @Test(arguments: ["0", "-3", "abc", ""])
    func unreadablePageIsPageOne(_ page: String) async throws {
        try await Mirror.with { m in
            let info = try await Mirror.get(m, "/api/character?page=\(page)").object()["info"] as? [String: Any]
            #expect(info?["next"] as? String == "\(m.publicURL)/character?page=2")
            #expect(info?["prev"] is NSNull)
        }
    }

    @Test func nextKeepsThePathAsSentAndRawFilterValuesInRequestOrder() async throws {
        try await Mirror.with { m in
            let slash = try await Mirror.get(m, "/api/character/?page=2").object()["info"] as? [String: Any]
            #expect(slash?["next"] as? String == "\(m.publicURL)/character/?page=3")
            #expect(slash?["prev"] as? String == "\(m.publicURL)/character/?page=1")

            let r = try await Mirror.get(m, "/api/character?status=alive&foo=bar&gender=&species=Human&page=2")
            let info = try r.object()["info"] as? [String: Any]
            #expect(info?["next"] as? String == "\(m.publicURL)/character?page=3&status=alive&species=Human")
            #expect(info?["prev"] as? String == "\(m.publicURL)/character?page=1&status=alive&species=Human")
            let fullCount = try await Mirror.get(m, "/api/character?species=Mythological+Creature").object()["info"] as? [String: Any]
            #expect(fullCount?["count"] as? Int == 46)
            #expect(fullCount?["next"] as? String == "\(m.publicURL)/character?page=2&species=Mythological Creature")
        }
    }

    @Test func filtersMatchAsTheServerDoes() async throws {
        try await Mirror.with { m in
            func count(_ query: String) async throws -> Int? {
                let info = try await Mirror.get(m, "/api/character?\(query)").object()["info"] as? [String: Any]
                return info?["count"] as? Int
            }
            #expect(try await count("gender=male") == 610)          // anchored: not Female
            #expect(try await count("gender=%20male%20") == 610)    // trimmed
            #expect(try await count("name=(") == 3)                 // punctuation taken literally
            #expect(try await count("name=RICK%20sanchez") == 4)    // case-insensitive substring
            #expect(try await count("name=rick+sanchez") == 4)      // + reads as space
            #expect(try await count("name=rick") == 107)
            let empty = try await Mirror.get(m, "/api/character?name=zzzzzz")
            #expect(empty.status == 404)
            #expect(empty.text == #"{"error":"There is nothing here"}"#)
            let episodes = try await Mirror.get(m, "/api/episode?episode=S01").object()["info"] as? [String: Any]
            #expect(episodes?["count"] as? Int == 11)
            let locations = try await Mirror.get(m, "/api/location").object()["info"] as? [String: Any]
            #expect(locations?["count"] as? Int == 126)
            #expect(locations?["pages"] as? Int == 7)
        }
    }

    @Test func singleItemsAndTheirErrors() async throws {
        try await Mirror.with { m in
            let rick = try await Mirror.get(m, "/api/character/1").object()
            #expect(rick["name"] as? String == "Rick Sanchez")
            #expect((rick["episode"] as? [String])?.count == 51)
            #expect(((rick["episode"] as? [String])?.first) == "\(m.publicURL)/episode/1")

            let cases: [(String, Int, String)] = [
                ("/api/character/9999", 404, "Character not found"),
                ("/api/location/9999", 404, "Location not found"),
                ("/api/episode/9999", 404, "Episode not found"),
                ("/api/character/abc", 500, "Hey! you must provide an id"),
                ("/api/character/1,2%5D", 500, "Bad... bad array :/"),
                ("/api/character/%5B1,2", 500, "Bad... bad array :/"),
                ("/api/character/%5B1,asdasd%5D", 500, "Bad... bad array :/"),
                ("/api/nothing", 404, "There is nothing here"),
                ("/api/character/1/extra", 404, "There is nothing here"),
                ("/elsewhere", 404, "There is nothing here"),
            ]
            for (path, status, message) in cases {
                let r = try await Mirror.get(m, path)
                #expect(r.status == status, "\(path)")
                #expect(r.text == #"{"error":"\#(message)"}"#, "\(path)")
            }
        }
    }

    @Test func multipleItemsComeAsOneArrayInIDOrder() async throws {
        try await Mirror.with { m in
            let plain = try await Mirror.get(m, "/api/character/3,1,2,99999").array()
            #expect(plain.map { $0["id"] as? Int } == [1, 2, 3])
            let bracketed = try await Mirror.get(m, "/api/character/%5B2,1%5D").array()
            #expect(bracketed.map { $0["id"] as? Int } == [1, 2])
            let episodes = try await Mirror.get(m, "/api/episode/" + (1...51).map(String.init).joined(separator: ",")).array()
            #expect(episodes.count == 51)
        }
    }

    @Test func avatarsAreServedWithTheirSniffedType() async throws {
        try await Mirror.with { m in
            let jpeg = try await Mirror.get(m, "/api/character/avatar/1.jpeg")
            #expect(jpeg.status == 200)
            #expect(jpeg.header("content-type") == "image/jpeg")
            #expect(jpeg.body.starts(with: [0xFF, 0xD8, 0xFF]))
            let png = try await Mirror.get(m, "/api/character/avatar/2.jpeg")
            #expect(png.header("content-type") == "image/png")
            #expect(try await Mirror.get(m, "/api/character/avatar/9999.jpeg").status == 404)
        }
    }

    @Test func theEngineLoadsAll826CharactersInExactly42Requests() async throws {
        try await Mirror.with { m in
            let counting = CountingTransport(CurlTransport())
            let strategy = PresetPages<Character>.rickAndMorty(baseURL: BaseURL(m.publicURL), request: .list(.character))
            let loader = await drain(strategy, through: counting)
            #expect(loader.isExhausted)
            #expect(loader.count == 826)
            #expect(loader.items.map(\.id) == Array(1...826))
            #expect(loader.totalCount == 826)
            #expect(counting.count == 42)
        }
    }

    @Test func theEngineFollowsAFilteredListWithRawValuesInNext() async throws {
        try await Mirror.with { m in
            let counting = CountingTransport(CurlTransport())
            let strategy = PresetPages<Character>.rickAndMorty(
                baseURL: BaseURL(m.publicURL), request: .list(.character, filters: [("species", "Mythological Creature")]))
            let loader = await drain(strategy, through: counting)
            #expect(loader.isExhausted)
            #expect(loader.count == 46)
            #expect(loader.items.allSatisfy { $0.species == "Mythological Creature" })
            #expect(counting.count == 3)
        }
    }
}
