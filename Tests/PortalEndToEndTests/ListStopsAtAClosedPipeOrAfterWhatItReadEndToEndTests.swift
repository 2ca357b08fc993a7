import Foundation
import PortalTestSupport
import Synchronization
import Testing

/// Issue 35, items 14 and 15: how `portal list` stops. A reader that closes the pipe
/// (`| head`) ends it at once with status 0, whatever the output (a jq program with
/// endless outputs, `repeat(1)`, ran at 100 % CPU after `head` had gone); a list whose
/// walk stops with an error prints every item read before it, then says why on one line
/// (a first page whose `next` led to another origin printed nothing).
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct ListStopsAtAClosedPipeOrAfterWhatItReadEndToEndTests {
    /// `/body` and `/link`: 20 items whose next page (in the body, or in a `Link` header)
    /// is on another origin; `/fails`: 20 items, then a 403 for page 2 (not a dead link to
    /// heal: `DeadLink`).
    static func server() throws -> LoopbackServer {
        let base = Mutex("")
        let server = try LoopbackServer { head in
            let target = LoopbackServer.target(of: head)
            let path = String(target.split(separator: "?").first ?? "")
            let second = target.contains("page=2")
            let items = (1...20).map { #"{"id":\#($0 + (second ? 20 : 0)),"name":"item \#($0 + (second ? 20 : 0))"}"# }.joined(separator: ",")
            let json = ["Content-Type": "application/json"]
            switch path {
            case "/body":
                return LoopbackServer.response("200 OK", headers: json, body: #"{"results":[\#(items)],"count":40,"next":"http://localhost:1/body?page=2"}"#)
            case "/link":
                return LoopbackServer.response("200 OK", headers: json.merging(["Link": #"<http://localhost:1/link?page=2>; rel="next""#]) { $1 }, body: "[\(items)]")
            case "/fails":
                if second { return LoopbackServer.response("403 Forbidden", headers: json, body: #"{"message":"not yours"}"#) }
                return LoopbackServer.response("200 OK", headers: json, body: #"{"results":[\#(items)],"count":40,"next":"\#(base.withLock { $0 })/fails?page=2"}"#)
            default:
                return LoopbackServer.response("404 Not Found", body: "")
            }
        }
        base.withLock { $0 = server.baseURL }
        return server
    }

    /// Spawns portal (`--no-cache`), as the export tests do.
    static func run(_ arguments: [String]) async throws -> Spawn.Result { try await ListExportsReadBackAndStayBoundedEndToEndTests.run(arguments) }

    /// The first page is printed whole, then one line on stderr says why the list stops,
    /// exit 1; nothing is asked of the other origin.
    @Test(arguments: ["/body", "/link"])
    func aNextOnAnotherOriginPrintsTheFirstPageThenStops(path: String) async throws {
        let server = try Self.server()
        defer { server.stop() }
        let text = try await Self.run(["list", "--url", server.baseURL + path])
        #expect(text.status == 1)
        #expect(text.stdout.split(separator: "\n").count == 20 && text.stdout.contains("item 20"), "\(text.stdout)")
        #expect(text.stderr.split(separator: "\n").count == 1 && text.stderr.contains("another server") && text.stderr.contains("after 20 items, page 1"), "\(text.stderr)")
        #expect(server.requestCount == 1)
        // An array stays one JSON value, with the items read.
        let json = try await Self.run(["list", "--url", server.baseURL + path, "--format", "json"])
        #expect(json.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json.stdout)")
        #expect(array.compactMap { $0["id"] as? Int } == Array(1...20))
    }

    /// A later page that fails: the pages before it are printed, exit 1 with the reason.
    @Test func aFailingPagePrintsThePagesBeforeIt() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try await Self.run(["list", "--url", server.baseURL + "/fails", "--json"])
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == 20, "\(result.stdout)")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("403") && result.stderr.contains("20 items"), "\(result.stderr)")
    }

    /// `portal … | head -N` in bash, with pipefail: head's lines and the pipeline's status.
    /// `timeout` only guards the test against a portal that never ends (it would say 124).
    static func piped(_ options: String, head lines: Int, url: String) async throws -> (lines: [Substring], status: String) {
        let portal = EndToEndEnvironment.portal ?? "portal"
        let line = "set -o pipefail; timeout 120 '\(portal)' list --url '\(url)' --no-cache \(options) | head -\(lines); echo \"status=$?\""
        let result = try await offThePool {
            try Spawn.run("/bin/bash", ["-c", line], environment: ProcessInfo.processInfo.environment, scratch: FileManager.default.temporaryDirectory)
        }
        let all = result.stdout.split(separator: "\n")
        return (Array(all.dropLast()), String(all.last ?? ""))
    }

    /// `--jq 'repeat(1)'` has outputs without end: a closed pipe ends the run, status 0.
    @Test(arguments: ["--jq 'repeat(1)'", "--jq 'repeat(1)' --format json", "--jq 'repeat(\"x\")' -r"])
    func anEndlessJqProgramStopsAtAClosedPipe(options: String) async throws {
        let server = try Self.server()
        defer { server.stop() }
        let (lines, status) = try await Self.piped(options, head: 3, url: server.baseURL + "/fails")
        #expect(status == "status=0")
        #expect(lines.count == 3, "\(lines)")
        #expect(server.requestCount == 1)
    }

    /// Every format of an endless list stops at a closed pipe, status 0.
    @Test(arguments: ["", "--json", "--format json", "--format csv", "--format tsv", "--jq .id"])
    func everyFormatStopsAtAClosedPipe(options: String) async throws {
        let server = try ListExportsReadBackAndStayBoundedEndToEndTests.endlessCursorList(itemBytes: 100)
        defer { server.stop() }
        let (lines, status) = try await Self.piped(options, head: 2, url: server.baseURL + "/items")
        #expect(status == "status=0")
        #expect(lines.count == 2, "\(lines)")
    }
}
