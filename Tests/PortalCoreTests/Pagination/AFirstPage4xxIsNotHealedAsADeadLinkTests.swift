import Foundation
import Testing
import PortalCore

/// A 4xx to the first page is the answer, not a dead link: `portal list` on a PostgREST
/// server answering 400 to everything said "the server's next link repeats a page already
/// fetched" after restarting from the first page, instead of the server's HTTP 400.
@Suite("A 4xx to the first page is not healed as a dead link")
struct AFirstPage4xxIsNotHealedAsADeadLinkTests {
    static let url = URL(string: "http://127.0.0.1:1/rest/v1/characters?select=*&order=id")!

    @Test func theFirstPageAndItsCountStepDownAreNotHealed() {
        var first = PageRequest(url: Self.url, index: 0)
        first.http.headers["Prefer"] = "count=exact"
        var healer = DeadLink.Healer(first: first)
        let failure = PageFailure(.http(status: 400), "HTTP 400 Bad Request: bad")
        #expect(healer.heal(failure, of: first) == nil)
        // The same window with a weaker count (PostgREST's step-down), after the step page.
        var weaker = first
        weaker.http.headers["Prefer"] = nil
        healer.arrived(first, broughtNew: false)
        #expect(healer.heal(failure, of: weaker) == nil)
    }

    @Test func aLaterPageReachedByALinkIsStillHealed() {
        let first = PageRequest(url: Self.url, index: 0)
        var healer = DeadLink.Healer(first: first)
        healer.arrived(first, broughtNew: true)
        let second = PageRequest(url: URL(string: "http://127.0.0.1:1/items?cursor=dead")!, index: 1)
        #expect(healer.heal(PageFailure(.http(status: 410), "HTTP 410 Gone"), of: second) != nil)
    }
}
