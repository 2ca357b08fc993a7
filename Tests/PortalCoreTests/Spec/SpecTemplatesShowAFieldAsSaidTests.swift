import Foundation
import PortalCore
import Testing

/// A card line's field may say how it is shown (`{residents|count resident}`,
/// `{type|or —}`): the Rick and Morty episode and location cards, written as data.
@Suite("Spec templates: how a field is shown")
struct SpecTemplatesShowAFieldAsSaidTests {
    @Test(arguments: [
        (#"{"residents":["a","b"]}"#, "{residents|count resident}", "2 residents"),
        (#"{"residents":["a"]}"#, "{residents|count resident}", "1 resident"),
        (#"{"residents":[]}"#, "{residents|count resident}", "0 residents"),
        (#"{"residents":{"x":1,"y":2,"z":3}}"#, "{residents|count}", "3"),
        (#"{"o":{"list":[1,2,3,4]}}"#, "{o.list|count thing}", "4 things"),
        (#"{"type":"","dimension":"C-137"}"#, "{type|or —} · {dimension|or —}", "— · C-137"),
        (#"{"dimension":null}"#, "{type|or —} · {dimension|or —}", "— · —"),
        (#"{"episode":"S01E01","name":"Pilot"}"#, "{episode} {name}", "S01E01 Pilot"),
    ])
    func aFieldIsShownAsItSays(json: String, template: String, line: String) throws {
        let row = try RecordKeysNeverClashTests.row(json)
        #expect(SpecTemplate(template).line(from: row) == line)
    }

    @Test func aCountOfWhatIsNoArrayIsLeftOut() throws {
        let row = try RecordKeysNeverClashTests.row(#"{"name":"Earth","residents":"many"}"#)
        #expect(SpecTemplate("{name} · {residents|count resident}").line(from: row) == "Earth")
        #expect(SpecTemplate("{residents|count}, {name}").fields == ["residents", "name"])
    }
}
