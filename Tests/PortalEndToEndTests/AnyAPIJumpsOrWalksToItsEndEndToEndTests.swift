import Foundation
import Testing

/// `portal --url` as a user runs it, in tmux against `portal-mirror`'s paging styles: a
/// paged list jumps to its end in a few requests and opens a detail tree; a cursor list
/// walks to its end one request a page; `portal list --url --explain` says what it read.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct AnyAPIJumpsOrWalksToItsEndEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    static func browse(data: String, style: String, _ body: (TmuxSession, PortalRun) throws -> Void) throws {
        let session = try TmuxSession(columns: 120, rows: 30)
        defer { session.close() }
        let mirror = try ShellMirror(in: session, data: data)
        defer { mirror.stop() }
        let run = PortalRun(session, source: "--url '\(mirror.origin)/dialects/\(style)/characters' --no-cache")
        try session.type(line: "NO_COLOR=1 " + run.commandLine)
        try body(session, run)
    }

    static func quit(_ session: TmuxSession, _ run: PortalRun) throws {
        try session.press("Escape")
        try session.press("q")
        #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
        try run.expectSaneTerminal()
    }

    @Test func aDjangoStyleListJumpsToItsEndAndOpensTheDetailTree() async throws {
        let data = self.data
        try await offThePool {
            try Self.browse(data: data, style: "next") { session, run in
                let first = try session.waitFor("Rick Sanchez")
                #expect(first.contains("1 / 826"), "\(first)")
                let before = try run.settledURLs()
                try session.press("End")
                try session.waitFor("826 / 826")
                let after = try run.settledURLs()
                let jump = Array(after.dropFirst(before.count))
                #expect(!jump.isEmpty && jump.count <= 3, "End cost \(jump)")
                #expect(jump.contains { $0.hasSuffix("?page=42") }, "\(jump)")
                try session.press("Enter")
                // The whole pane, not the first frame that shows its title (a capture can land
                // while a frame is still being written).
                let detail = try session.waitFor(timeout: 60, "the detail tree") {
                    $0.contains("Passing Butter Robot") && $0.contains("origin") && $0.contains("episode") && $0.contains("{2}")
                }
                #expect(detail.contains("Passing Butter Robot"), "\(detail)")
                try Self.quit(session, run)
                let lines = try run.traceLines()
                #expect(lines.contains { $0["note"] as? String == "dialect" && ($0["next page"] as? String)?.contains("next") == true })
            }
        }
    }

    @Test func aCursorListWalksToItsEndOneRequestAPage() async throws {
        let data = self.data
        try await offThePool {
            try Self.browse(data: data, style: "cursor") { session, run in
                try session.waitFor("Rick Sanchez")
                try session.press("End")
                try session.waitFor("826 / 826", timeout: 60)
                try Self.quit(session, run)
                let urls = try run.traceURLs()
                #expect(urls.count == 42 && Set(urls).count == 42, "\(urls.count) requests")
            }
        }
    }
}
