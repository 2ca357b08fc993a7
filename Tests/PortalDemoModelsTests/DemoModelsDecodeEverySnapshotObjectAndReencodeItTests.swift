import Foundation
import Testing
import PortalCore
@testable import PortalDemoModels
import PortalTestSupport

@Suite("Models decode every snapshot object and re-encode it exactly")
struct DemoModelsDecodeEverySnapshotObjectAndReencodeItTests {
    @Test func everyObjectDecodes() throws {
        let data = try TestData.data
        #expect(data.characters.count == 826)
        #expect(data.episodes.count == 51)
        #expect(data.locations.count == 126)
        #expect(data.characters.map(\.id) == Array(1...826))
        let rick = try #require(data.characters.first)
        #expect(rick.name == "Rick Sanchez")
        #expect(rick.status.kind == .alive)
        #expect(rick.episodeIDs.count == 51)
        #expect(rick.origin == PlaceLink(name: "Earth (C-137)", locationID: 1))
        #expect(rick.location == PlaceLink(name: "Citadel of Ricks", locationID: 3))
        let butter = data.characters[825]
        #expect(butter.name == "Butter Robot" && butter.type == "Passing Butter Robot" && butter.gender.kind == .genderless)
        #expect(APIDate.format(butter.created) == "2021-11-02T17:24:37.458Z")
        #expect(data.episodes[50].code == "S05E10" && data.episodes[50].characterIDs.count == 42)
        #expect(data.locations[125].name == "Rick's Memories" && data.locations[125].residentIDs.count == 11)
    }

    /// Decoding then encoding must give back the file's objects key for key (and in order),
    /// which is what lets the snapshot and the mirror serve the real shape. Read with the
    /// one reader production uses (`APIDecodable`), written with the one writer.
    @Test(arguments: ["characters", "episodes", "locations"])
    func reencodingMatchesTheSnapshot(file: String) throws {
        let path = TestData.folder + "/rickandmorty/\(file).json"
        let raw = try Data(contentsOf: URL(fileURLWithPath: path))
        let original = try #require(try JSONSerialization.jsonObject(with: raw) as? [[String: Any]])
        let encoding = APIJSONEncoding(baseURL: TestData.base)
        var lines: [String] = []
        switch file {
        case "characters": lines = try Character.readArray(raw).map(encoding.line)
        case "episodes": lines = try Episode.readArray(raw).map(encoding.line)
        default: lines = try Location.readArray(raw).map(encoding.line)
        }
        #expect(lines.count == original.count)
        for (line, object) in zip(lines, original) {
            let back = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(NSDictionary(dictionary: back).isEqual(to: object), "\(line)")
        }
        // Key order of the first object equals the file's.
        let firstKeys = Self.topLevelKeys(of: String(decoding: raw, as: UTF8.self), count: original[0].count)
        let encodedKeys = Self.topLevelKeys(of: lines[0], count: original[0].count)
        #expect(firstKeys == encodedKeys)
    }

    @Test func unknownEnumValuesDecode() throws {
        let json = #"{"id":9,"name":"X","status":"Ascended","species":"Human","type":"","gender":"Fluid","origin":{"name":"unknown","url":""},"location":{"name":"unknown","url":""},"image":"https://rickandmortyapi.com/api/character/avatar/9.jpeg","episode":[],"url":"https://rickandmortyapi.com/api/character/9","created":"2017-11-04T18:48:46.250Z"}"#
        let c = try Character.readOne(Data(json.utf8))
        #expect(c.status.kind == .unrecognized && c.status.rawValue == "Ascended")
        #expect(c.gender.kind == .unrecognized)
        #expect(c.origin.locationID == nil)
    }

    @Test func datesRoundTrip() throws {
        for text in ["2017-11-04T18:48:46.250Z", "2021-11-02T17:24:37.458Z", "2000-02-29T00:00:00.000Z", "1999-12-31T23:59:59.999Z"] {
            let date = try #require(APIDate.parse(text))
            #expect(APIDate.format(date) == text)
        }
        #expect(APIDate.parse("2017-11-04T18:48:46.250") == nil)
        #expect(APIDate.parse("yesterday") == nil)
        let reference = try #require(APIDate.parse("2017-11-04T18:48:46.250Z"))
        #expect(reference.timeIntervalSince1970 == 1_509_821_326.25)
    }

    @Test func interningSharesStorage() {
        let interner = Interner()
        let a = interner.intern(String("Mythological Creature".reversed().reversed()))
        let b = interner.intern("Mythological " + "Creature")
        #expect(a == b)
        #expect(a.utf8.withContiguousStorageIfAvailable { $0.baseAddress } == b.utf8.withContiguousStorageIfAvailable { $0.baseAddress })
    }

    /// The keys of the first object in a JSON text (or array of objects), in order.
    static func topLevelKeys(of text: String, count: Int) -> [String] {
        var keys: [String] = []
        var depth = 0, objectDepth = -1
        var inString = false, escaped = false
        var current = ""
        var lastString: String?
        for ch in text {
            if inString {
                if escaped { escaped = false; current.append(ch); continue }
                if ch == "\\" { escaped = true; continue }
                if ch == "\"" { inString = false; lastString = current; continue }
                current.append(ch)
                continue
            }
            switch ch {
            case "\"": inString = true; current = ""
            case "{":
                depth += 1
                if objectDepth < 0 { objectDepth = depth }
            case "[": depth += 1
            case "}", "]":
                if depth == objectDepth { return keys }
                depth -= 1
            case ":":
                if depth == objectDepth, let key = lastString { keys.append(key) }
                if keys.count == count { return keys }
            default: break
            }
        }
        return keys
    }
}
