import Foundation
import Testing
@testable import PortalCore
import PortalDemoModels
import PortalPresets
import PortalTestSupport
import PortalJSON
import PortalPaging

/// The presets page through their dialect values (`APIPreset.paging`, `address`): a page's
/// body is read once, every value but the items as a tree for the dialect, the items by
/// the preset's typed reader.
@Suite struct PresetPagesTests {
    @Test func theEnvelopeHoldsEverythingButTheItems() throws {
        let body = #"{"info":{"count":3,"next":"http://a.test/x?page=2"},"results":[{"id":1,"s":"a]\"}"},[2]] ,"tail":true}"#
        let envelope = try JSONEnvelope.read(Data(body.utf8), items: ["results"])
        #expect(envelope.root.at(["info", "count"])?.count == 3)
        #expect(envelope.root.at(["info", "next"])?.string == "http://a.test/x?page=2")
        #expect(envelope.root["results"]?.elements?.isEmpty == true && envelope.root["tail"]?.bool == true)
        #expect(envelope.items.map { String(decoding: $0, as: UTF8.self) } == #"[{"id":1,"s":"a]\"}"},[2]]"#)
    }

    @Test func itemsAreFoundAtAPathATopLevelArrayOrNotAtAll() throws {
        let nested = try JSONEnvelope.read(Data(#"{"data":{"total":9,"items":[1,2]},"items":"no"}"#.utf8), items: ["data", "items"])
        #expect(nested.items.map { String(decoding: $0, as: UTF8.self) } == "[1,2]")
        #expect(nested.root.at(["data", "total"])?.count == 9 && nested.root["items"]?.string == "no")
        let top = try JSONEnvelope.read(Data(" [1, 2] ".utf8), items: [])
        #expect(top.items.map { String(decoding: $0, as: UTF8.self) } == "[1, 2]")
        #expect(try JSONEnvelope.read(Data(#"{"count":1}"#.utf8), items: ["results"]).items == nil)
        // Lookups take the first of duplicate keys: so do the items.
        let twice = try JSONEnvelope.read(Data(#"{"results":[1],"results":[2,3]}"#.utf8), items: ["results"])
        #expect(twice.items.map { String(decoding: $0, as: UTF8.self) } == "[1]")
        #expect(throws: JSONNodeError.self) { try JSONEnvelope.read(Data(#"{"results":[1,2"#.utf8), items: ["results"]) }
        #expect(throws: JSONNodeError.self) { try JSONEnvelope.read(Data(#"{"results":[]} x"#.utf8), items: ["results"]) }
    }

    /// Items nested past any depth are skimmed without a stack (the typed reader refuses them).
    @Test func deepItemsAreSkimmedNotBuilt() throws {
        let deep = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        let envelope = try JSONEnvelope.read(Data(#"{"count":1,"results":\#(deep)}"#.utf8), items: ["results"])
        #expect(envelope.items?.count == deep.utf8.count)
        let pages = PresetPages<PokemonSummary>.pokeAPI(baseURL: "http://poke.test/api/v2", path: "pokemon")
        #expect(throws: PageFailure.self) { try pages.decode(.json(200, #"{"count":1,"results":\#(deep)}"#), for: pages.firstPage) }
    }

    /// The dialects and jumps each preset file's `paging` names (rickandmorty.toml's
    /// `info.next` stepping `page`, with its 404 past the end; pokeapi.toml's `offset`,
    /// postgrest.toml's `range`).
    @Test func eachPresetsListSpeaksTheDialectItsPresetFileNames() throws {
        let poke = PresetPages<PokemonSummary>.pokeAPI(baseURL: "http://poke.test/api/v2", path: "pokemon", limit: 5)
        #expect(poke.list.reading.paging.isSame(as: OffsetPaging(param: "offset")))
        #expect(poke.list.reading.addressing == .offsetParam("offset", start: 0) && poke.list.reading.total == .body(["count"]))
        let rick = PresetPages<Character>.rickAndMorty(baseURL: "http://rm.test/api", request: .list(.character))
        #expect(rick.list.reading.paging.isSame(as: NextURLPaging(path: ["info", "next"], page: "page", pastEnd: PastEnd(status: 404, error: "There is nothing here"))))
        #expect(rick.list.reading.addressing == .pageParam("page", first: 1) && rick.list.reading.total == .body(["info", "count"]))
        // A list that starts at page 3 counts from it.
        let third = PresetPages<Character>.rickAndMorty(baseURL: "http://rm.test/api", request: .list(.character, page: 3))
        #expect(third.list.reading.addressing == .pageParam("page", first: 3))
        let table = PresetPages<Row>.postgREST(baseURL: "http://pg.test/rest/v1", table: "t", pageSize: 10)
        #expect(table.list.reading.paging.isSame(as: ContentRangePaging()))
        #expect(table.list.reading.addressing == .rangeHeader && table.list.reading.total == .contentRange)
        // The first window is asked as page N is, with its Range; a function's by offset, POSTed.
        #expect(table.firstPage.http.headers["Range"] == "0-9" && table.request(forPage: 2)?.http.headers["Range"] == "20-29")
        let function = PresetPages<Row>.postgREST(baseURL: "http://pg.test/rest/v1", table: "", pageSize: 10, window: .limitOffset,
                                                  function: PostgRESTFunction(name: "f", arguments: Data(#"{"a":1}"#.utf8)))
        let far = try #require(function.request(forPage: 3))
        #expect(far.http.method == "POST" && far.http.body == Data(#"{"a":1}"#.utf8) && far.http.url.absoluteString.hasSuffix("limit=10&offset=30"))
    }

    /// pokeapi.toml pages by `offset` (its `paging` table): the next page is the first URL's
    /// offset moved by the page, never PokeAPI's `next` as written (a raw space, another
    /// server), so it is the very URL a jump to that page asks.
    @Test func aPokeAPIPageStepsItsOffsetAndNeverReadsItsNextLink() throws {
        let pages = PresetPages<PokemonSummary>.pokeAPI(baseURL: "http://poke.test/api/v2", path: "pokemon", limit: 1)
        let body = #"{"count":2,"next":"http://evil.test/api/v2/pokemon?offset=1&limit=1&q=mr mime","results":[{"name":"a","url":"http://poke.test/api/v2/pokemon/1/"}]}"#
        let page = try pages.decode(.json(200, body), for: pages.firstPage)
        #expect(page.next?.http.url.absoluteString == "http://poke.test/api/v2/pokemon?offset=1&limit=1")
        #expect(page.next == pages.request(forPage: 1))
        #expect(page.next?.index == 1 && page.totalCount == 2 && page.items.map(\.id) == [1])
    }
}
