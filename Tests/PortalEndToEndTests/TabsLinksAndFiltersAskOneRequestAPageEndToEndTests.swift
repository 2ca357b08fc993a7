import Foundation
import Testing

/// Tabs, linked details and filters in the real binary, in tmux, counted in `--trace`.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct TabsLinksAndFiltersAskOneRequestAPageEndToEndTests {
    /// Starts portal (NO_COLOR: no avatar requests to count) and waits for the first grid.
    func start(_ arguments: String = "", waitFor text: String = "Rick Sanchez") throws -> (TmuxSession, PortalRun) {
        let session = try TmuxSession()
        let run = PortalRun(session, arguments: arguments)
        try session.type(line: "NO_COLOR=1 " + run.commandLine)
        try session.waitFor(text)
        return (session, run)
    }

    func quit(_ session: TmuxSession, _ run: PortalRun) throws {
        try session.press("q")
        if (try? session.waitForFile(session.file("status"), timeout: 2)) == nil {
            try session.press("q")  // a pane was open: the first q closed it
        }
        #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
        try run.expectSaneTerminal()
    }

    @Test func episodesAndLocationsListTheirPeopleOneRequestAPage() async throws {
        try await offThePool { [self] in
            let (session, run) = try start()
            defer { session.close() }
            let characterPages = try run.settledURLs().filter { $0.contains("/character?") || $0.hasSuffix("/character") }
            #expect(!characterPages.isEmpty)

            // 2: the episodes tab; Enter on Pilot lists its 19 characters.
            try session.press("2")
            try session.waitFor("Lawnmower Dog")
            try session.press("Enter")
            let pilot = try session.waitFor("Morty Smith")
            #expect(pilot.contains("Characters  19"), "\(pilot)")
            let afterPilot = try run.settledURLs()
            let lookups = afterPilot.filter { $0.contains("/character/1,2,") }
            #expect(lookups.count == 1, "\(afterPilot.suffix(4))")
            try session.press("Escape")

            // 3: the locations tab; Enter on Earth (C-137) lists its 27 residents.
            try session.press("3")
            try session.waitFor("Citadel of Ricks")
            try session.press("Enter")
            try session.waitFor("Beth Smith")
            let afterEarth = try run.settledURLs()
            let residents = afterEarth.dropFirst(afterPilot.count).filter { $0.contains("/character/") }
            // One request of 27 ids: the preset's by_keys holds as many as fit in a 2 KB URL.
            #expect(residents.count == 1, "one lookup of the residents: \(afterEarth.suffix(4))")
            #expect(try session.waitFor("Residents  27 of 27").contains("Beth Smith"))
            try session.press("Escape")

            // Back on 1: the list as it was, and no character page asked again.
            try session.press("1")
            try session.waitFor("Summer Smith")
            let final = try run.settledURLs()
            #expect(final.filter { $0.contains("/character?") || $0.hasSuffix("/character") } == characterPages)
            try quit(session, run)
        }
    }

    @Test func aLinkFromRickToThePilotAndBack() async throws {
        try await offThePool { [self] in
            let (session, run) = try start()
            defer { session.close() }
            try session.press("Enter")
            try session.waitFor("S01E01 Pilot")
            // The highlight starts on Origin; Location, then the first episode.
            try session.press("Down", "Down", "Enter")
            let pilot = try session.waitFor("Rick Sanchez › S01E01 Pilot")
            #expect(pilot.contains("Characters"))
            try session.press("Escape")
            let back = try session.waitFor(timeout: 60, "Rick's pane again") { !$0.contains("›") && $0.contains("Episodes  51 of 51") }  // one request (issue 34)
            #expect(back.contains("Citadel of Ricks"))
            try quit(session, run)
        }
    }

    @Test func filtersFromTheCommandLine() async throws {
        try await offThePool { [self] in
            let (session, run) = try start("--status dead --gender female", waitFor: "/ 43")
            defer { session.close() }
            // A wait, not a bare capture: a capture can land mid-frame.
            try session.waitFor(timeout: 60, "the filters on the title line") {
                $0.contains("status Dead · gender female") || $0.contains("status dead · gender female")
            }
            let urls = try run.settledURLs()
            #expect(urls.allSatisfy { $0.contains("status=dead") && $0.contains("gender=female") }, "\(urls)")
            try quit(session, run)
        }
    }

    @Test func theFilterFormNarrowsTheListOnTheServer() async throws {
        try await offThePool { [self] in
            let (session, run) = try start()
            defer { session.close() }
            // f, Status → Dead (→ twice: any, Alive, Dead), Gender → Female, Enter.
            try session.press("f")
            try session.waitFor("filters · Characters")
            try session.press("Right", "Right", "Down", "Right", "Enter")
            let screen = try session.waitFor("/ 43")
            #expect(screen.contains("status Dead · gender Female"))
            // The form clears with Ctrl-X: the full list again.
            try session.press("f")
            try session.waitFor("filters · Characters")
            try session.press("C-x")
            try session.waitFor("/ 826")
            #expect(try run.traceURLs().contains { $0.contains("status=Dead") && $0.contains("gender=Female") })
            try quit(session, run)
        }
    }
}
