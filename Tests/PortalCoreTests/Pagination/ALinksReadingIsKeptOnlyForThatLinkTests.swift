import Foundation
import Testing
@testable import PortalCore

/// The guard reads each link of a walk once: the page just answered is, as a rule, the
/// link it accepted last, whose reading it keeps. Any other page is read afresh.
@Suite("PageLinkGuard keeps the last link's reading only for that link")
struct ALinksReadingIsKeptOnlyForThatLinkTests {
    static func page(_ query: String, index: Int = 1) throws -> PageRequest {
        PageRequest(url: try #require(URL(string: "http://x/api/character" + query)), index: index)
    }

    @Test func aPageOtherThanTheLastLinkIsReadAfresh() throws {
        let first = try Self.page("", index: 0)
        var links = PageLinkGuard(firstPage: first)
        #expect(links.admit(try Self.page("?page=2"), after: first, bringsNothingNew: false) == nil)
        // The page answered is page 5 (asked again by another way), not page 2: its link
        // to page 3 goes backwards. Read as page 2, it would have been let through.
        let failure = try #require(links.admit(try Self.page("?page=3"), after: try Self.page("?page=5", index: 4), bringsNothingNew: false))
        #expect(failure.message.contains("goes backwards"))
    }

    @Test func theLastLinkReadOnceStillMovesTheWalkOn() throws {
        let first = try Self.page("", index: 0)
        var links = PageLinkGuard(firstPage: first)
        var current = first
        for number in 2...6 {
            let next = try Self.page("?page=\(number)&sort=name", index: number - 1)
            #expect(links.admit(next, after: current, bringsNothingNew: false) == nil)
            current = next
        }
        // The same page spelled another way is a repeat, its reading kept from when it
        // was the link.
        let failure = try #require(links.admit(try Self.page("?sort=name&page=6"), after: current, bringsNothingNew: false))
        #expect(failure.message.contains("repeats"))
    }

    @Test func aLinkReadWhereItWasMadeIsTheSameRequest() throws {
        let plain = try Self.page("?page=2")
        var read = plain
        read.readLink()
        #expect(read == plain && read.hashValue == plain.hashValue)
        #expect(Set([plain, read]).count == 1)
    }

    @Test func aReadingIsUsedOnlyForTheURLItWasMadeFrom() throws {
        let first = try Self.page("", index: 0)
        var links = PageLinkGuard(firstPage: first)
        let second = try Self.page("?page=3")
        #expect(links.admit(second, after: first, bringsNothingNew: false) == nil)
        // Read as page 4, then changed to page 2: the guard reads page 2 again.
        var next = try Self.page("?page=4")
        next.readLink()
        next.http.url = try #require(URL(string: "http://x/api/character?page=2"))
        let refusal = links.admit(next, after: second, bringsNothingNew: false)
        #expect(try #require(refusal).message.contains("goes backwards"))
    }
}
