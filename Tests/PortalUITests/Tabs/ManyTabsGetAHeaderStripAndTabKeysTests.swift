import Foundation
import PortalCore
import PortalUI
import Testing
import PortalGraphQL

/// Many tabs (an OpenAPI spec's 12 lists, a GraphQL schema's 9): the header shows every
/// title that fits and keeps the active one whole and on screen; the footer names the
/// tab keys there really are.
@MainActor
@Suite("Many tabs: header strip and footer tab keys")
struct ManyTabsGetAHeaderStripAndTabKeysTests {
    /// A GraphQL source whose lists are `names`: only its tabs are drawn here, nothing is asked.
    func harness(_ names: [String], columns: Int = 120, tab: Int = 0) -> Harness {
        let lists = names.map { GraphQLList(name: $0, query: "query { \($0) { id } }", paging: .none, pageSize: 20) }
        let source = GraphQLSource(endpoint: URL(string: "http://127.0.0.1:9/graphql")!, headers: [:], lists: lists, offsetCursorLists: [])
        return Harness(size: Size(columns: columns, rows: 24), tab: tab, source: source)
    }

    func header(_ names: [String], active: Int, width: Int) -> String {
        let tabs = names.map { TabSpec(kind: ItemKind(rawValue: $0), title: $0, searchKey: nil) }
        let spans = HeaderView.spans(title: "GraphQL", tabs: tabs, active: active, query: ListQuery(kind: tabs[active].kind),
                                     spec: tabs[active], source: "http://127.0.0.1:9/graphql", width: width)
        let screen = TextScreen(size: Size(columns: width, rows: 1))
        HeaderView.draw(spans, width: width, row: 0, into: screen)
        return screen.lines[0]
    }

    static let twelve = ["allCharacters", "allCharactersKeyset", "allEpisodes", "allLocations", "characters", "episodes",
                         "locations", "charactersByIds", "episodesByIds", "locationsByIds", "searchCharacters", "searchEpisodes"]

    @Test func twelveTabsShowEveryTitleCutEvenlyAndTheActiveOneWhole() {
        let line = header(Self.twelve, active: 1, width: 120)
        #expect(line.trimmingCharacters(in: .whitespaces)
            == "portal · GraphQL  1 al…  2 allCharactersKeyset  3 al…  4 al…  5 ch…  6 ep…  7 lo…  8 ch…  9 ep…  10 lo…  11 se…  12 se…")
        #expect(DisplayWidth.of(line) <= 120)
        // Wider, the titles get the room, the longest cut the most.
        #expect(header(Self.twelve, active: 1, width: 160).trimmingCharacters(in: .whitespaces)
            == "portal · GraphQL  1 allCha…  2 allCharactersKeyset  3 allEpi…  4 allLoc…  5 charac…  6 episod…  7 locati…  8 chara…  9 episod…  10 locat…  11 searc…  12 searc…")
    }

    /// The mirror's ten GraphQL lists at 150 columns: the columns a common cut width leaves
    /// go to the cut titles, the shortest first, so the line is full and `locations`, one
    /// column short at that width, is whole (it was cut to `locatio…` with 8 columns unused).
    @Test func theRoomLeftGoesToTheCutTitlesShortestFirst() {
        let names = ["allCharacters", "allCharactersKeyset", "allEpisodes", "allLocations", "characters", "charactersPage",
                     "episodes", "episodesPage", "locations", "locationsPage"]
        let line = header(names, active: 0, width: 150).trimmingCharacters(in: .whitespaces)
        // Every column but the last, the last tab's blank.
        #expect(DisplayWidth.of(line) == 149, "\(line)")
        #expect(line.contains(" 9 locations "), "\(line)")
        // The longest is cut the most; a title that fits is never cut.
        #expect(line.contains(" 1 allCharacters ") && line.contains(" 7 episodes "), "\(line)")
    }

    @Test func titlesThatFitAreWholeAndTheSourceGoesFirst() {
        let names = Array(Self.twelve.prefix(4))
        #expect(header(names, active: 0, width: 120).trimmingCharacters(in: .whitespaces)
            == "portal · GraphQL  1 allCharacters  2 allCharactersKeyset  3 allEpisodes  4 allLocations  · http://127.0.0.1:9/graphql")
        #expect(header(names, active: 0, width: 90).trimmingCharacters(in: .whitespaces)
            == "portal · GraphQL  1 allCharacters  2 allCharactersKeyset  3 allEpisodes  4 allLocations")
    }

    /// Wide characters count two columns; a cut never splits one.
    @Test func wideTitlesAreCutByDisplayWidth() {
        let names = ["人物一覧表示", "エピソード一覧", "場所一覧表示"]
        let line = header(names, active: 0, width: 48)
        #expect(line.trimmingCharacters(in: .whitespaces) == "portal · GraphQL  1 人物一覧表示  2 エ…  3 場…")
        #expect(DisplayWidth.of(line) <= 48)
    }

    /// When even the numbers do not fit, the strip scrolls: "…" stands for the tabs left of
    /// the active one, which is drawn whole.
    @Test func theActiveTabStaysOnScreenOnANarrowTerminal() {
        let line = header(Self.twelve, active: 11, width: 40)
        #expect(line.trimmingCharacters(in: .whitespaces) == "portal  … 9  10  11  12 searchEpisodes")
        #expect(header(Self.twelve, active: 0, width: 40) == "portal  1 allCharacters  2  3  4  5  6 …")
    }

    @Test func theFooterNamesTheRealTabKeys() {
        let two = harness(["characters", "episodes"])
        #expect(two.screen().lines.last?.contains("  1-2 tabs  ") == true)
        let nine = harness(Array(Self.twelve.prefix(9)))
        #expect(nine.screen().lines.last?.contains("  1-9 tabs  ") == true)
        let twelve = harness(Self.twelve)
        #expect(twelve.screen().lines.last?.contains("  1-9 Tab tabs  ") == true)
        let one = harness(["characters"])
        #expect(one.screen().lines.last?.contains("tabs") == false)
    }
}
