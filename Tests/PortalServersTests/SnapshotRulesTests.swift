import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels
import PortalTestSupport
import PortalServers

@Suite("The snapshot answers as the real server does")
struct SnapshotRulesTests {
    @Test func root() async throws {
        let r = try await get("")
        #expect(r.status == 200)
        #expect(r.text == #"{"characters":"https://rickandmortyapi.com/api/character","locations":"https://rickandmortyapi.com/api/location","episodes":"https://rickandmortyapi.com/api/episode"}"#)
    }

    @Test func firstAndLastPages() async throws {
        let first = try #require(try await get("/character").jsonObject as? [String: Any])
        let info = try #require(first["info"] as? [String: Any])
        #expect(info["count"] as? Int == 826 && info["pages"] as? Int == 42)
        #expect(info["next"] as? String == "https://rickandmortyapi.com/api/character?page=2")
        #expect(info["prev"] is NSNull)
        #expect((first["results"] as? [Any])?.count == 20)

        let last = try #require(try await get("/character?page=42").jsonObject as? [String: Any])
        let lastInfo = try #require(last["info"] as? [String: Any])
        #expect(lastInfo["next"] is NSNull)
        #expect(lastInfo["prev"] as? String == "https://rickandmortyapi.com/api/character?page=41")
        #expect((last["results"] as? [[String: Any]])?.map { $0["id"] as? Int } == Array(821...826))
    }

    @Test(arguments: ["/character?page=0", "/character?page=-3", "/character?page=abc", "/character?page="])
    func oddPagesMeanPageOne(path: String) async throws {
        let object = try #require(try await get(path).jsonObject as? [String: Any])
        #expect(((object["results"] as? [[String: Any]])?.first?["id"] as? Int) == 1)
    }

    @Test func errorsHaveTheRealStatusesAndBodies() async throws {
        let cases: [(String, Int, String)] = [
            ("/character?page=43", 404, #"{"error":"There is nothing here"}"#),
            ("/character?name=zzzzzz", 404, #"{"error":"There is nothing here"}"#),
            ("/character/9999", 404, #"{"error":"Character not found"}"#),
            ("/location/9999", 404, #"{"error":"Location not found"}"#),
            ("/episode/9999", 404, #"{"error":"Episode not found"}"#),
            ("/character/abc", 500, #"{"error":"Hey! you must provide an id"}"#),
            ("/character/1,2%5D", 500, #"{"error":"Bad... bad array :/"}"#),
            ("/character/%5B1,2", 500, #"{"error":"Bad... bad array :/"}"#),
            ("/character/%5B1,asdasd%5D", 500, #"{"error":"Bad... bad array :/"}"#),
            ("/nothing", 404, #"{"error":"There is nothing here"}"#),
            ("/character/1/extra", 404, #"{"error":"There is nothing here"}"#),
        ]
        for (path, status, body) in cases {
            let r = try await get(path)
            #expect(r.status == status, "\(path)")
            #expect(r.text == body, "\(path)")
        }
    }

    @Test func multipleIDsComeAsOneArrayInIDOrder() async throws {
        for path in ["/character/3,1,2", "/character/%5B3,1,2%5D", "/character/1,2,3,99999"] {
            let array = try #require(try await get(path).jsonObject as? [[String: Any]], "\(path)")
            #expect(array.map { $0["id"] as? Int } == [1, 2, 3], "\(path)")
        }
        let single = try #require(try await get("/character/2").jsonObject as? [String: Any])
        #expect(single["name"] as? String == "Morty Smith")
        let rick = try #require(try await get("/character/1").jsonObject as? [String: Any])
        let episodes = try #require(rick["episode"] as? [String]).compactMap(ResourceURL.trailingID)
        let all = try #require(try await get("/episode/" + episodes.map(String.init).joined(separator: ",")).jsonObject as? [Any])
        #expect(all.count == 51)
    }

    /// `next` is the path as sent plus the filters in request order, values unencoded.
    @Test func nextLinksAreBuiltLikeTheServer() async throws {
        let object = try #require(try await get("/character/?status=alive&name=rick%20sanchez&foo=1&species=").jsonObject as? [String: Any])
        let info = try #require(object["info"] as? [String: Any])
        #expect(info["count"] as? Int == 2)
        #expect(info["next"] is NSNull)
        let broad = try #require(try await get("/character/?name=rick&status=alive").jsonObject as? [String: Any])
        #expect((broad["info"] as? [String: Any])?["next"] as? String == "https://rickandmortyapi.com/api/character/?page=2&name=rick&status=alive")
        let spaced = try #require(try await get("/character?name=%20r%20").jsonObject as? [String: Any])
        #expect((spaced["info"] as? [String: Any])?["next"] as? String == "https://rickandmortyapi.com/api/character?page=2&name= r ")
    }

    @Test func avatarsAreSniffed() async throws {
        let jpeg = try await get("/character/avatar/1.jpeg")
        #expect(jpeg.status == 200 && jpeg.header("content-type") == "image/jpeg")
        let png = try await get("/character/avatar/2.jpeg")
        #expect(png.status == 200 && png.header("content-type") == "image/png")
        #expect(try await get("/character/avatar/9999.jpeg").status == 404)
    }

    @Test func otherHostsAreNotServed() async throws {
        await #expect(throws: TransportError.self) {
            _ = try await TestData.snapshot.send(HTTPRequest(url: URL(string: "https://example.com/api/character")!))
        }
    }

    @Test func missingDataFolderIsOneClearError() {
        #expect(throws: PortalError.dataFolderMissing("/no/such/folder")) {
            _ = try SnapshotTransport(dataFolder: "/no/such/folder")
        }
    }
}
