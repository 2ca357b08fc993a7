import Foundation
import MCP
@testable import PortalMCP
import PortalCore
import Testing

/// What each tool answers over the snapshot, with exact request counts, and the limits of
/// every answer: the byte cap's continuation, bad arguments as tool errors, server text as
/// data, the call's deadline.
@Suite struct ToolAnswersTests {
    @Test func rowsFromTheMiddleCostThePagesThatHoldThemAndAgainNothing() async throws {
        let catalog = MCPTestCatalog()
        let rows = try await catalog.json("get_rows", ["api": "rickandmorty", "list": "characters", "from": 401, "count": 30])
        let ids = (rows["rows"] as? [[Any]])?.compactMap { $0.first as? Int }
        #expect(ids == Array(401...430))
        #expect(rows["total"] as? Int == 826 && rows["next_from"] as? Int == 431)
        #expect(catalog.network.count == 2, "\(catalog.network.urls)")
        _ = await catalog.call("get_rows", ["api": "rickandmorty", "list": "characters", "from": 401, "count": 30])
        #expect(catalog.network.count == 2, "the same call again asks nothing")
    }

    @Test func anAnswerPastItsByteCapSaysWhereToGoOn() async throws {
        let catalog = MCPTestCatalog(limits: MCPLimits(answerBytes: 1_500))
        let rows = try await catalog.json("get_rows", ["api": "rickandmorty", "list": "characters", "count": 100])
        let shown = (rows["rows"] as? [[Any]])?.count ?? 0
        #expect(shown > 0 && shown < 100)
        #expect(rows["next_from"] as? Int == 1 + shown)
        #expect((rows["note"] as? String)?.contains("capped at 1500 bytes") == true)
        let (text, _) = await catalog.call("get_rows", ["api": "rickandmorty", "list": "characters", "count": 100])
        #expect(text.utf8.count <= 1_500)
    }

    @Test(arguments: [
        (["api": "rickandmorty", "list": "characters", "count": 0], "'count' must be from 1 to 100"),
        (["api": "rickandmorty", "list": "characters", "from": -3], "'from' must be from 1"),
        (["api": "rickandmorty", "list": "characters", "from": .array([])], "'from' must be a whole number"),
        (["api": "rickandmorty", "list": "people"], "no list 'people' in rickandmorty; its lists: characters, episodes, locations"),
        (["api": "rickandmorty", "list": "characters", "filters": ["status": "sleepy"]], "filter status takes one of: Alive, Dead, unknown"),
        (["api": "rickandmorty", "list": "characters", "sort": "name"], "cannot sort characters"),
        (["api": "rickandmorty", "list": "characters", "fields": .int(3)], "'fields' must be an array of strings"),
        (["cursor": "c99-1"], "is not one this session gave"),
        (["list": "characters"], "get_rows needs 'api'"),
    ] as [([String: Value], String)])
    func badArgumentsAreASentence(arguments: [String: Value], said: String) async throws {
        let (text, isError) = await MCPTestCatalog().call("get_rows", arguments)
        #expect(isError && text.contains(said), "\(text)")
    }

    @Test func anUnknownToolIsAToolErrorNamingTheTools() async {
        let (text, isError) = await MCPTestCatalog().call("delete_rows", [:])
        #expect(isError && text.contains("list_apis, describe_list, get_rows, get_item, count_rows"))
    }

    @Test func serverTextReachesTheAnswerWithoutItsControlCharacters() async throws {
        let hostile = #"[{"id":"x1","name":"Evil\u001b[2J\u0007 \u009b31m\u202eKing","note":"line\nbreak"}]"#
        let catalog = MCPTestCatalog(body: hostile)
        let (text, isError) = await catalog.call("get_rows", ["api": "odd", "list": "items", "fields": ["id", "name", "note"]])
        #expect(!isError, "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        let rows = try #require((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["rows"] as? [[String]])
        #expect(rows == [["x1", "Evil\u{FFFD}[2J\u{FFFD} \u{FFFD}31mKing", "line\nbreak"]])
        let record = try await catalog.json("get_item", ["api": "odd", "list": "items", "key": "x1"])
        #expect((record["record"] as? [String: Any])?["name"] as? String == "Evil\u{FFFD}[2J\u{FFFD} \u{FFFD}31mKing")
    }

    @Test func aCallPastItsTimeLimitIsAToolErrorAndItsRequestStops() async throws {
        let catalog = MCPTestCatalog(limits: MCPLimits(callSeconds: 1), body: #"{"results":[{"id":1}],"next":"http://odd.test/items?page=2"}"#, slow: true)
        let (text, isError) = await catalog.call("get_rows", ["api": "odd", "list": "items", "from": 5])
        #expect(isError && text.contains("no answer within 1 s"), "\(text)")
        #expect(catalog.fixed.cancelled.withLock { $0 } == 1, "the page asked when time ran out was cancelled")
    }

    @Test func rowsBeforeANextLinkThatCannotBeFollowedAreAnswered() async throws {
        let body = #"{"results":[{"id":1,"name":"a"},{"id":2,"name":"b"}],"next":"http://elsewhere.test/items?page=2"}"#
        let rows = try await MCPTestCatalog(body: body).json("get_rows", ["api": "odd", "list": "items"])
        #expect((rows["rows"] as? [[Any]])?.compactMap { $0.first as? Int } == [1, 2])
        #expect((rows["note"] as? String)?.hasPrefix("the list stops after page 1: ") == true, "\(rows)")
        #expect(rows["next_from"] == nil)
    }

    @Test func anItemComesWithItsRelatedListInOneRequest() async throws {
        let catalog = MCPTestCatalog()
        let rick = try await catalog.json("get_item", ["api": "rickandmorty", "list": "characters", "key": "1"])
        #expect((rick["record"] as? [String: Any])?["name"] as? String == "Rick Sanchez")
        let episodes = try #require((rick["related"] as? [[String: Any]])?.first)
        #expect(episodes["count"] as? Int == 51 && (episodes["rows"] as? [[Any]])?.count == 5)
        #expect(catalog.network.count == 2, "Rick, then his first five episodes: \(catalog.network.urls)")
    }

    @Test func countsSayWhatKindTheyAre() async throws {
        let catalog = MCPTestCatalog()
        let dead = try await catalog.json("count_rows", ["api": "rickandmorty", "list": "characters", "filters": ["status": "Dead"]])
        #expect(dead["kind"] as? String == "exact" && (dead["count"] as? Int ?? 0) > 0)
        let one = try await catalog.json("count_rows", ["api": "odd", "list": "items"])
        #expect(one["kind"] as? String == "exact" && one["count"] as? Int == 1, "one page and no next: all there is")
    }
}
