import Foundation
import PortalCore
import Testing
import PortalJSON

/// Records are told apart by their key as served: string keys are never hashed (so two
/// can never meet), a string is not the number it spells, several fields make one key,
/// and a record with no key is its position — never another record's id.
@Suite("Record keys")
struct RecordKeysNeverClashTests {
    static func row(_ json: String, position: Int = 0) throws -> Row {
        let span = try JSONNode.parse(Data(json.utf8))
        return try #require(JSONItems.rows([span], columns: nil, firstPosition: position).first)
    }

    @Test func stringKeysStayStringsAndNeverMeet() throws {
        let keys = try (0..<2_000).map { try RecordKey(of: Self.row("{\"uid\":\"user-\($0)\"}"), fields: ["uid"]) }
        #expect(Set(keys).count == 2_000)
        #expect(keys[7] == .text("user-7"))
        #expect(try RecordKey(of: Self.row("{\"id\":\"7\"}"), fields: ["id"]) != RecordKey(of: Self.row("{\"id\":7}"), fields: ["id"]))
    }

    @Test func severalFieldsMakeOneKeyAndAMissingOneIsThePosition() throws {
        let row = try Self.row("{\"org\":\"swift\",\"name\":\"portal\",\"stars\":3}", position: 41)
        #expect(RecordKey(of: row, fields: ["org", "name"]) == .fields([.text("swift"), .text("portal")]))
        #expect(RecordKey(of: row, fields: ["org", "nope"]) == .position(41))
        #expect(RecordKey(of: row, fields: ["id"]) != .number(41))
    }

    /// A JSON item's identity in the browser follows its list's spec (`key = "uid"`).
    @Test func aJSONItemIsIdentifiedByItsSpecsKey() throws {
        let card = JSONCardChoice(fields: nil, spec: ListSpec(key: ["uid"]))
        let a = Item(Record(row: try Self.row("{\"uid\":\"a\",\"id\":1}"), card: card), kind: ItemKind(rawValue: "members"))
        let b = Item(Record(row: try Self.row("{\"uid\":\"b\",\"id\":1}"), card: card), kind: ItemKind(rawValue: "members"))
        #expect(a.id != b.id && a.key == .text("a"))
    }

    /// By-keys requests hold as many keys as fit in 2 KB, comma-joined and escaped.
    @Test func byKeysFillsTwoKilobytes() throws {
        let template = "https://crew.test/v2/teams?ids={keys}"
        let fiftyOne = (1...51).map(RecordKey.number)
        #expect(ByKeys.perRequest(template: template, keys: fiftyOne) == 51)
        let long = (1...400).map { RecordKey.text("team-\(String(format: "%04d", $0))") }
        let per = ByKeys.perRequest(template: template, keys: long)
        let url = try #require(ByKeys.url(template: template, keys: Array(long.prefix(per))))
        #expect(url.absoluteString.utf8.count <= ByKeys.maxURLBytes && per > 100)
        #expect(ByKeys.url(template: template, keys: [.text("a,b"), .text("c")])?.absoluteString == "https://crew.test/v2/teams?ids=a%2Cb,c")
    }
}

/// A card line of several fields (`{species} · {type}`) leaves out the empty ones with the
/// text before them, as the character card writes `Human` for an empty type.
@Suite("Spec templates")
struct SpecTemplateTests {
    @Test(arguments: [
        (#"{"species":"Human","type":""}"#, "Human"),
        (#"{"species":"Human","type":"Clone"}"#, "Human · Clone"),
        (#"{"species":"","type":"Clone"}"#, "Clone"),
        (#"{"species":"Alien"}"#, "Alien"),
    ])
    func aLineLeavesOutTheEmptyFields(json: String, line: String) throws {
        let row = try RecordKeysNeverClashTests.row(json)
        #expect(SpecTemplate("{species} · {type}").line(from: row) == line)
    }

    @Test func aURLTemplateNeedsEveryField() throws {
        let row = try RecordKeysNeverClashTests.row(#"{"uid":"a b","org":"x"}"#)
        #expect(SpecTemplate("/p/{org}/{uid}.png").filled(from: row, encode: { $0.replacingOccurrences(of: " ", with: "%20") }) == "/p/x/a%20b.png")
        #expect(SpecTemplate("/p/{nope}.png").filled(from: row) == nil)
    }
}
