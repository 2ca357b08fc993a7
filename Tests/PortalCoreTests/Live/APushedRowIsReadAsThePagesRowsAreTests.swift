import Foundation
import PortalCore
import PortalPresets
import PortalTestSupport
import Testing
import PortalJSON

/// A row Realtime pushes is read by the PostgREST tab as its pages' rows are, so the
/// browser can put it in the list (`Source.liveItem`): a `characters` row as the
/// character, another table's as a row keyed by its id; a key-only old row is no item.
@Suite struct APushedRowIsReadAsThePagesRowsAreTests {
    static func record(_ text: String) throws -> JSONSpan { try JSONNode.parse(Data(text.utf8)) }

    @Test func aPushedRowIsReadAsThePagesRowsAre() throws {
        var characters = PostgRESTSource(baseURL: "http://127.0.0.1:9/rest/v1", table: "characters")
        characters.lists = TestData.rickAndMortyLists  // as portal makes it: a characters row is a character record
        let row = try Self.record(#"{"id": 827, "url": "http://127.0.0.1:9/api/character/827", "name": "Rick Sanchez (new 1)", "type": "", "image": "http://127.0.0.1:9/api/character/avatar/1.jpeg", "gender": "Male", "origin": {"url": "", "name": "unknown"}, "status": "Alive", "created": "2017-11-04T18:48:46.250Z", "episode": [], "species": "Human", "location": {"url": "", "name": "unknown"}}"#)
        let item = try #require(characters.liveItem(characters.tabs[0].kind, record: row))
        #expect(item.key == .number(827))
        #expect(item.character?.name == "Rick Sanchez (new 1)")
        let profiles = PostgRESTSource(baseURL: "http://127.0.0.1:9/rest/v1", table: "profiles")
        let profile = try #require(profiles.liveItem(profiles.tabs[0].kind, record: try Self.record(#"{"id": 5, "name": "ann"}"#)))
        #expect(profile.key == .number(5))
        #expect(characters.liveItem(characters.tabs[0].kind, record: try Self.record("[1]")) == nil)
    }
}
