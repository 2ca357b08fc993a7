import Foundation
import MCP
@testable import PortalMCP
import PortalCore
import PortalTestSupport
import Testing

/// `get_item` finds any record by its key, whatever rows were read (issue 37): through a
/// list spec's `by_keys`, else REST's `{list URL}/{key}`, with string keys as served; each
/// `detail.related` list of the spec comes as its count and first rows, asked by that
/// list's `by_keys` in one request. A spec's filters are named by describe_list and
/// applied by get_rows and count_rows. Exact request counts, over the in-process crew API.
@Suite struct ItemByKeyTests {
    /// The crew API as a saved API with list specs: members (key `uid`, filters on
    /// `state`, related teams) with or without their own `by_keys`, and teams by keys.
    static func crew(membersByKeys: Bool, textFilters: [ItemKind: [String]] = [:], teamsByKeys: Bool = true) async throws
        -> (MCPTestCatalog.Server, CountingTransport) {
        let network = CountingTransport(CrewTransport())
        var spec = CrewTransport.membersSpec
        // Absolute, as a saved API makes it against its url (`ResolvedAPI.byKeys`).
        if membersByKeys { spec.byKeys = ByKeysRoute(CrewTransport.root + "/members?uid={keys}") }
        let members = try await CrewTransport.list("members", path: "/members", items: "members", spec: spec, transport: network)
        let teamsSpec = teamsByKeys ? CrewTransport.teamsSpec : ListSpec(card: CrewTransport.teamsSpec.card)
        let teams = try await CrewTransport.list("teams", path: "/teams", items: "teams", spec: teamsSpec, transport: network)
        let source = CrewTransport.tabs([members, teams])
        let api = MCPAPI(name: "crew", title: "crew", origin: "test") {
            var opened = MCPOpenedAPI(source: source, transport: network, baseURL: BaseURL(CrewTransport.root), listNames: ["members", "teams"])
            opened.textFilters = textFilters
            return opened
        }
        return (MCPTestCatalog.Server(PortalMCPServer(catalog: MCPCatalog(apis: [api]), limits: MCPLimits().on(HeldTime()))), network)
    }

    /// Free text the API declares beside its tab's filters (an OpenAPI operation's string
    /// query parameters): named by describe_list, sent as they are written.
    @Test func aFreeTextFilterTheAPIDeclaresIsNamedAndSent() async throws {
        let (server, network) = try await Self.crew(membersByKeys: false, textFilters: [ItemKind(rawValue: "members"): ["handle"]])
        let shape = try await server.json("describe_list", ["api": "crew", "list": "members"])
        let filters = try #require(shape["filters"] as? [[String: Any]])
        #expect(filters.map { $0["name"] as? String } == ["state", "handle"] && filters.last?["text"] as? String == "free text")
        let before = network.count
        _ = try await server.json("count_rows", ["api": "crew", "list": "members", "filters": ["handle": "@m 7", "state": "away"]])
        #expect(Array(network.urls.dropFirst(before)) == [CrewTransport.root + "/members?handle=%40m%207&state=away"])
        let (text, isError) = await server.call("count_rows", ["api": "crew", "list": "members", "filters": ["team": "x"]])
        #expect(isError && text.contains("its filters: state, handle"), "\(text)")
    }

    @Test(arguments: [true, false])
    func aRecordIsFoundByItsStringKeyInOneRequestWithItsRelatedList(byKeys: Bool) async throws {
        let (server, network) = try await Self.crew(membersByKeys: byKeys)
        let before = network.count
        let member = try await server.json("get_item", ["api": "crew", "list": "members", "key": "u-0007"])
        let asked = Array(network.urls.dropFirst(before))
        #expect(asked.count == 2, "the member, then its teams: \(asked)")
        #expect(asked.first == (byKeys ? CrewTransport.root + "/members?uid=u-0007" : CrewTransport.root + "/members/u-0007"))
        #expect(asked.last?.hasPrefix(CrewTransport.root + "/teams?ids=t-8,t-15,t-22,t-29,t-6") == true, "\(asked)")
        #expect(member["key"] as? String == "u-0007")
        #expect((member["record"] as? [String: Any])?["display"] as? String == "Member 7")
        let teams = try #require((member["related"] as? [[String: Any]])?.first)
        #expect(teams["name"] as? String == "teams" && teams["count"] as? Int == 7)
        let rows = try #require(teams["rows"] as? [[Any]])
        #expect(rows.map { $0.first as? String } == ["t-8", "t-15", "t-22", "t-29", "t-6"], "the record's first five, in its order")
    }

    @Test(arguments: [true, false])
    func aKeyNoRecordHasIsAToolError(byKeys: Bool) async throws {
        let (server, network) = try await Self.crew(membersByKeys: byKeys)
        let before = network.count
        let (text, isError) = await server.call("get_item", ["api": "crew", "list": "members", "key": "u-9999"])
        #expect(isError && text.contains("members has no record with key u-9999"), "\(text)")
        #expect(network.count == before + 1)
    }

    @Test func aRelatedListWithoutByKeysIsItsCountAndANote() async throws {
        let (server, network) = try await Self.crew(membersByKeys: false, teamsByKeys: false)
        let before = network.count
        let member = try await server.json("get_item", ["api": "crew", "list": "members", "key": "u-0007"])
        let teams = try #require((member["related"] as? [[String: Any]])?.first)
        #expect(teams["count"] as? Int == 7 && (teams["rows"] as? [Any])?.isEmpty == true)
        #expect((teams["note"] as? String)?.contains("no by_keys") == true, "\(teams)")
        #expect(network.count == before + 1, "the member only")
    }

    @Test func aBuiltInListSaysItsKeysAreNumbers() async {
        let (text, isError) = await MCPTestCatalog().call("get_item", ["api": "rickandmorty", "list": "characters", "key": "rick"])
        #expect(isError && text.contains("characters' keys are whole numbers (e.g. 1), not 'rick'"), "\(text)")
    }

    @Test func describeListNamesTheSpecsKeyFiltersAndRelatedLists() async throws {
        let (server, _) = try await Self.crew(membersByKeys: false)
        let shape = try await server.json("describe_list", ["api": "crew", "list": "members"])
        #expect(shape["key"] as? String == "uid")
        let filters = try #require(shape["filters"] as? [[String: Any]])
        #expect(filters.map { $0["name"] as? String } == ["state"])
        #expect(filters.first?["choices"] as? [String] == CrewTransport.states)
        #expect(shape["related"] as? [String] == ["teams"])
    }

    @Test func aSpecsFilterGoesInTheQueryOfRowsAndCounts() async throws {
        let (server, network) = try await Self.crew(membersByKeys: false)
        let before = network.count
        let away = try await server.json("count_rows", ["api": "crew", "list": "members", "filters": ["state": "Away"]])
        #expect(away["count"] as? Int == 80 && away["kind"] as? String == "exact", "\(away)")
        #expect(Array(network.urls.dropFirst(before)) == [CrewTransport.root + "/members?state=away"], "the value as the spec writes it")
        let rows = try await server.json("get_rows", ["api": "crew", "list": "members", "filters": ["state": "away"], "fields": ["display", "state"], "count": 3])
        #expect((rows["rows"] as? [[String]]) == [["Member 1", "away"], ["Member 4", "away"], ["Member 7", "away"]])
        let (text, isError) = await server.call("count_rows", ["api": "crew", "list": "members", "filters": ["team": "t-1"]])
        #expect(isError && text.contains("members has no filter 'team'; its filters: state"), "\(text)")
    }

    @Test(arguments: [
        (Value.int(7), RecordKey.number(7)), (.string("7"), .number(7)), (.string("007"), .text("007")), (.string("u-0007"), .text("u-0007")),
        (.array([.string("acme"), .int(3)]), .fields([.text("acme"), .number(3)])),
    ] as [(Value, RecordKey)])
    func keysAreTakenAsWritten(value: Value, key: RecordKey) throws {
        #expect(try ToolArguments(["key": value], tool: "get_item", allowed: ["key"]).key("key") == key)
    }

    @Test func aListWithoutLookupAnswersFromRowsRead() async throws {
        // The odd API answers every URL with the same list: `{list URL}/{key}` is no record.
        let catalog = MCPTestCatalog(body: #"[{"id":"x1","name":"a"}]"#)
        let (text, isError) = await catalog.call("get_item", ["api": "odd", "list": "items", "key": "x1"])
        #expect(isError && text.contains("does not answer GET {list URL}/{key} with one record"), "\(text)")
        _ = await catalog.call("get_rows", ["api": "odd", "list": "items"])
        let record = try await catalog.json("get_item", ["api": "odd", "list": "items", "key": "x1"])
        #expect((record["record"] as? [String: Any])?["name"] as? String == "a")
    }
}
