import Foundation
import PortalCore
import PortalTestSupport
import PortalUI
import Testing

/// An API no project code names (`CrewTransport`: page parameter `pg`, total at
/// `paging.total_count`, name in `display`, picture in `portrait`, string keys), described
/// only by a list spec: cards titled by the spec with coloured badges, `G` in a few
/// requests because the spec says where the total is, and Enter's detail listing the
/// member's teams fetched by `by_keys` in one request.
@MainActor
@Suite("A list spec makes any API first-class")
struct AListSpecMakesAnyAPIFirstClassTests {
    static func opened(pictures: PictureMode = .off) async throws -> Harness {
        let server = CrewTransport()
        let members = try await CrewTransport.list("members", path: "/members", items: "members", spec: CrewTransport.membersSpec, transport: server)
        let teams = try await CrewTransport.list("teams", path: "/teams", items: "teams", spec: CrewTransport.teamsSpec, transport: server)
        let h = Harness(size: Size(columns: 100, rows: 30), inner: server, pictures: pictures, source: CrewTransport.tabs([members, teams]))
        await h.runner.drain(into: h.controller)
        return h
    }

    @Test func cardsAreTitledByTheSpecWithColouredBadges() async throws {
        let h = try await Self.opened()
        let screen = h.screen()
        let text = screen.text
        #expect(text.contains("Member 1") && text.contains("Member 2") && !text.contains("item 1"), "\(text)")
        #expect(text.contains("● away") && text.contains("● gone") && text.contains("● active"))
        #expect(text.contains("@m1"))
        // Each badge's dot in its value's colour.
        var colours: [String: Color] = [:]
        for (row, line) in screen.lines.enumerated() {
            for state in CrewTransport.states {
                guard let range = line.range(of: "● " + state) else { continue }
                let column = line.distance(from: line.startIndex, to: range.lowerBound)
                colours[state] = screen.style(row: row, column: column).foreground
            }
        }
        #expect(colours == ["active": .green, "away": .yellow, "gone": .red])
        #expect(h.controller.listView.list.count == 240, "the spec's total (paging.total_count) is read")
    }

    @Test func endIsAFewRequestsBecauseTheSpecSaysWhereTheTotalIs() async throws {
        let h = try await Self.opened()
        let before = h.transport.count
        h.press(.character("G"))
        await h.runner.drain(into: h.controller)
        let asked = h.transport.urls.dropFirst(before)
        #expect(asked.count <= 4 && asked.allSatisfy { $0.contains("pg=") }, "\(asked)")
        #expect(h.screen().text.contains("Member 240"))
        #expect(h.screen().text.contains("240 / 240"))
    }

    @Test func theDetailListsTheTeamsFetchedByKeysInOneRequest() async throws {
        let h = try await Self.opened()
        // Member 7 is in 7 teams: the third row's first card.
        h.press(.down, .down)
        let before = h.transport.count
        h.press(.enter)
        await h.runner.drain(into: h.controller)
        let asked = Array(h.transport.urls.dropFirst(before))
        #expect(asked.count == 1 && asked[0].contains("/v2/teams?ids=t-"), "\(asked)")
        #expect(asked[0].components(separatedBy: ",").count == 7)
        let text = h.screen().text
        #expect(text.contains("Joined") && text.contains("Handle") && text.contains("@m7"), "\(text)")
        #expect(text.contains("Team 8"), "\(text)")
        #expect(text.contains("Teams") && text.contains("7 of 7"), "\(text)")
    }

    /// The spec's `filters` are the `f` form's choices, and a chosen one goes in every
    /// page's query.
    @Test func theSpecsFiltersAreTheFormsChoicesAndGoInTheQuery() async throws {
        let h = try await Self.opened()
        let tab = h.controller.source.tabs[0]
        #expect(tab.filters.map(\.key) == ["state"] && tab.filters[0].choices == CrewTransport.states)
        let query = ListQuery(kind: tab.kind, filters: [("state", "away")])
        #expect(h.controller.source.firstPage(for: query).http.url.absoluteString == CrewTransport.root + "/members?state=away")
    }

    /// In another record's related list a record shows its badge too, as a character does
    /// in an episode's.
    @Test func aRelatedRowShowsItsBadge() async throws {
        let h = try await Self.opened()
        let item = try #require(h.controller.listView.list.item(at: 1))
        #expect(item.relatedLine.map(\.text).joined() == "Member 2 ● gone")
        #expect(item.relatedLine.first { $0.text == "●" }?.style.foreground == .red)
    }

    @Test func thePictureIsTheSpecsFieldResolvedAgainstTheListsURL() async throws {
        let h = try await Self.opened()
        let item = try #require(h.controller.listView.list.item(at: 0))
        let source = h.controller.source
        #expect(source.pictureRequest(for: item)?.url.absoluteString == CrewTransport.origin + "/v2/portraits/2.jpeg")
        #expect(item.key == .text("u-0001"))
    }
}
