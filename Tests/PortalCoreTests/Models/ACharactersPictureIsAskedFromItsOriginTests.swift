import Foundation
import PortalCore
import PortalTestSupport
import Testing

/// A character's picture is its record's `image` (the preset's `card.picture`), asked for
/// only on the API's own origin, with the API's headers: never a host an answer names.
@Suite("A character record's picture")
struct ACharactersPictureIsAskedFromItsOriginTests {
    static func rick(image: String, base: BaseURL = "http://rm.test/api") throws -> Item {
        let json = #"[{"id":1,"name":"Rick Sanchez","status":"Alive","species":"Human","type":"","gender":"Male","origin":{"name":"unknown","url":""},"location":{"name":"unknown","url":""},"image":"\#(image)","episode":[],"url":"","created":"2017-11-04T18:48:46.250Z"}]"#
        return try #require(try TestData.rickAndMorty(base: base).decodeItems(.character, HTTPResponse(status: 200, body: Data(json.utf8))).first)
    }

    @Test func onTheAPIsOriginItIsAskedWithItsHeaders() throws {
        var headers = RequestHeaders()
        try headers.addAPIKey("k")
        let source = TestData.rickAndMorty(base: "http://rm.test/api", headers: headers)
        for image in ["http://rm.test/api/character/avatar/1.jpeg", "http://rm.test/elsewhere/1.png", "/api/character/avatar/1.jpeg"] {
            let request = try #require(source.pictureRequest(for: try Self.rick(image: image)), "\(image)")
            #expect(request.headers["Authorization"] == "Bearer k")
        }
        #expect(source.pictureRequest(for: try Self.rick(image: "/api/character/avatar/1.jpeg"))?.url.absoluteString
                == "http://rm.test/api/character/avatar/1.jpeg", "relative: under the API's root")
    }

    @Test func elsewhereItIsNotAsked() throws {
        let source = TestData.rickAndMorty(base: "http://rm.test/api")
        for image in ["http://rm.test.evil/api/character/avatar/1.jpeg", "http://evil.test/1.jpeg", "https://rm.test/api/1.jpeg",
                      "http://rm.test:8080/1.jpeg", "", "javascript:alert(1)"] {
            #expect(source.pictureRequest(for: try Self.rick(image: image)) == nil, "\(image)")
        }
    }
}
