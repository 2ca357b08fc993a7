import Foundation
import PortalTestSupport
import Testing

/// Issue 35, item 7, on the screen: the browser over an OpenAPI document whose `servers`
/// name another origin says on the status line where the list is served from and that it
/// gets no credentials (stderr said it only before the screen took the terminal); the
/// binary in tmux, two loopback servers, `--header` given.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct TheStatusLineSaysWhereAListIsServedFromEndToEndTests {
    /// Two loopback servers: one serving a list of two, the other an OpenAPI document whose
    /// `servers` names the first's origin.
    static func servers() throws -> (lists: CredentialsGoOnlyWhereTheUserSentThemEndToEndTests.Recording, documents: CredentialsGoOnlyWhereTheUserSentThemEndToEndTests.Recording) {
        let lists = try CredentialsGoOnlyWhereTheUserSentThemEndToEndTests.Recording { _ in
            LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: #"[{"id":1,"name":"alpha"},{"id":2,"name":"beta"}]"#)
        }
        let documents = try CredentialsGoOnlyWhereTheUserSentThemEndToEndTests.Recording { _ in
            LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"],
                                    body: CredentialsGoOnlyWhereTheUserSentThemEndToEndTests.document(servedFrom: lists.server.baseURL))
        }
        return (lists, documents)
    }

    @Test func theStatusLineSaysWhichOriginTheListIsServedFrom() async throws {
        try await offThePool {
            let (lists, documents) = try Self.servers()
            defer { lists.server.stop(); documents.server.stop() }
            let session = try TmuxSession(columns: 140, rows: 30)
            defer { session.close() }
            let run = PortalRun(session, arguments: "--header 'X-Secret: header-SECRET'",
                                source: "--openapi '\(documents.server.baseURL)/openapi.json' --no-cache")
            try session.type(line: "NO_COLOR=1 PORTAL_API_KEY= " + run.commandLine)
            let note = "served from http://127.0.0.1:\(lists.server.port) · gets no credentials"
            let screen = try session.waitFor("the list and the note") { $0.contains("alpha") && $0.contains(note) }
            #expect(screen.contains("beta"), "\(screen)")
            #expect(!lists.seen.isEmpty && lists.seen.allSatisfy { !$0.contains("SECRET") }, "\(lists.seen)")
            try session.press("q")
            #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
        }
    }

    /// The same for a saved API whose `openapi` document's `servers` name an origin the
    /// file does not: its saved header goes to the document's origin only, and the screen
    /// says where the list is served from.
    @Test func aSavedAPIsStatusLineSaysWhichOriginTheListIsServedFrom() async throws {
        try await offThePool {
            let (lists, documents) = try Self.servers()
            defer { lists.server.stop(); documents.server.stop() }
            let folder = try SavedAPIsListWithTheirOwnCredentialsEndToEndTests.folder(config: """
                [apis.docs]
                openapi = "\(documents.server.baseURL)/openapi.json"
                headers = { "X-Secret" = "env:ORIGIN_NOTE_SECRET" }
                """)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let session = try TmuxSession(columns: 140, rows: 30)
            defer { session.close() }
            let portal = EndToEndEnvironment.portal ?? "portal"
            try session.type(line: "NO_COLOR=1 PORTAL_API_KEY= ORIGIN_NOTE_SECRET=saved-SECRET '\(portal)' --config '\(folder)/config.toml' docs --no-cache; "
                + "echo \"exit=$?\" > '\(session.file("status"))'")
            let note = "served from http://127.0.0.1:\(lists.server.port) · gets no credentials"
            let screen = try session.waitFor("the list and the note") { $0.contains("alpha") && $0.contains(note) }
            #expect(screen.contains("beta"), "\(screen)")
            #expect(documents.seen.last?.contains("saved-SECRET") == true, "\(documents.seen)")
            #expect(!lists.seen.isEmpty && lists.seen.allSatisfy { !$0.contains("SECRET") }, "\(lists.seen)")
            try session.press("q")
            #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
        }
    }
}
