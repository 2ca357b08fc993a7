import Foundation
import PortalCore
import PortalTestSupport
import Testing

/// How many keys one by-keys request holds, per list (`ByKeysCap`): Rick and Morty's file
/// says "as many as fit in 2 KB" (`max_url = 2048`), so a character's 51 episodes are one
/// request; a list's `max_keys` caps it below what fits.
@Suite("by_keys caps")
struct ByKeysCapsHoldARequestToWhatFitsTests {
    static let fiftyOne = (1...51).map(RecordKey.number)

    @Test func fiftyOneEpisodesAreOneRequestUnderRickAndMortysFile() throws {
        let lists = TestData.rickAndMortyLists
        #expect(lists.specs["episode"]?.byKeys?.cap == ByKeysCap(maxURLBytes: 2048))
        let card = try #require(lists.cards(base: TestData.base)[.character])
        let route = try #require(card.byKeys["episode"])
        #expect(route.cap == ByKeysCap(maxURLBytes: 2048) && route.template == "\(TestData.base)/episode/{keys}")
        #expect(ByKeys.perRequest(route, keys: Self.fiftyOne) == 51)
        let url = try #require(ByKeys.url(template: route.template, keys: Self.fiftyOne))
        #expect(url.absoluteString == "\(TestData.base)/episode/" + (1...51).map(String.init).joined(separator: ","))
    }

    @Test func maxKeysCapsARequestBelowWhatFits() throws {
        var lists = TestData.rickAndMortyLists
        lists.specs["episode"]?.byKeys?.cap = ByKeysCap(maxKeys: 20)
        let route = try #require(lists.cards(base: TestData.base)[.character]?.byKeys["episode"])
        #expect(ByKeys.perRequest(route, keys: Self.fiftyOne) == 20)
        // The cap travels beside the template, which stays the file's text.
        #expect(route == ByKeysRoute("\(TestData.base)/episode/{keys}", cap: ByKeysCap(maxKeys: 20)))
        // The route names the record a URL under the template names, as the plain template does.
        #expect(SpecValues.record("\(TestData.base)/episode/7", list: nil, byKeys: ["episode": route]) == ItemKey(.episode, 7))
        #expect(ByKeys.url(template: route.template, keys: [.number(1), .number(2)])?.absoluteString == "\(TestData.base)/episode/1,2")
    }

    /// A template is the user's text only: one that holds what looks like a cap
    /// (`{keys max_keys=1}`) is not read as one, and only `{keys}` is filled.
    @Test func capLikeTextInATemplateIsNotReadAsACap() throws {
        let template = "https://x.test/t?note={keys max_keys=1 max_url=40}&ids={keys}"
        #expect(ByKeys.perRequest(template: template, keys: Self.fiftyOne) == 51)
        #expect(ByKeys.perRequest(ByKeysRoute(template, cap: ByKeysCap(maxKeys: 20)), keys: Self.fiftyOne) == 20)
        var lists = TestData.rickAndMortyLists
        lists.specs["episode"]?.byKeys = ByKeysRoute("/episode/{keys}?note={keys max_keys=1}")
        let route = try #require(lists.cards(base: TestData.base)[.character]?.byKeys["episode"])
        #expect(route == ByKeysRoute("\(TestData.base)/episode/{keys}?note={keys max_keys=1}", cap: ByKeysCap(maxURLBytes: 2048)))
        #expect(ByKeys.perRequest(route, keys: Self.fiftyOne) == 51)
        let url = ByKeys.url(template: route.template, keys: [.number(1), .number(2)])?.absoluteString
        #expect(url == nil || (url?.hasPrefix("\(TestData.base)/episode/1,2?note=") == true && url?.components(separatedBy: "1,2").count == 2), "\(url ?? "nil")")
    }
}
