import Foundation
import PortalCore
import PortalTestSupport
import Testing

/// How many keys one by-keys request holds, per list (`ByKeysCap`): Rick and Morty's file
/// says "as many as fit in 2 KB" (`max_url = 2048`), so a character's 51 episodes are one
/// request; a list's `max_keys` caps it below what fits.
@Suite("by_keys caps")
struct ByKeysCapTests {
    static let fiftyOne = (1...51).map(RecordKey.number)

    @Test func fiftyOneEpisodesAreOneRequestUnderRickAndMortysFile() throws {
        let lists = TestData.rickAndMortyLists
        #expect(lists.specs["episode"]?.byKeysCap == ByKeysCap(maxURLBytes: 2048))
        let card = try #require(lists.cards(base: TestData.base)[.character])
        let route = try #require(card.byKeys["episode"])
        #expect(ByKeys.perRequest(template: route, keys: Self.fiftyOne) == 51)
        let url = try #require(ByKeys.url(template: route, keys: Self.fiftyOne))
        #expect(url.absoluteString == "\(TestData.base)/episode/" + (1...51).map(String.init).joined(separator: ","))
    }

    @Test func maxKeysCapsARequestBelowWhatFits() throws {
        var lists = TestData.rickAndMortyLists
        lists.specs["episode"]?.byKeysCap = ByKeysCap(maxKeys: 20)
        let route = try #require(lists.cards(base: TestData.base)[.character]?.byKeys["episode"])
        #expect(ByKeys.perRequest(template: route, keys: Self.fiftyOne) == 20)
        // The route names the record a URL under the template names, as the plain template does.
        #expect(SpecValues.record("\(TestData.base)/episode/7", list: nil, byKeys: ["episode": route]) == ItemKey(.episode, 7))
        #expect(ByKeys.url(template: route, keys: [.number(1), .number(2)])?.absoluteString == "\(TestData.base)/episode/1,2")
    }

    @Test func aStandardCapIsThePlainTemplate() {
        #expect(ByKeys.route("/t/{keys}", cap: ByKeysCap(maxURLBytes: 2048)) == "/t/{keys}")
        #expect(ByKeys.route("/t/{keys}", cap: nil) == "/t/{keys}")
        let route = ByKeys.route("/t?ids={keys}&x=1", cap: ByKeysCap(maxKeys: 3, maxURLBytes: 100))
        #expect(ByKeys.split(route).template == "/t?ids={keys}&x=1" && ByKeys.split(route).cap == ByKeysCap(maxKeys: 3, maxURLBytes: 100))
    }
}
