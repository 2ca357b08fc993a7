import Foundation
import PortalTestSupport
import Testing

/// `portal list --url` against a server that puts terminal controls everywhere it
/// chooses text: the items' key (which `--explain` names), names and fields, an error's
/// message, a `next` link. Whatever the output (stdout, stderr, `--explain`, `--json`,
/// an error line), no byte of it may act on the terminal: no ESC, no C1 (a CSI as one
/// byte, U+009B), no other C0 but the line feed, no DEL. And a `next` on another server
/// ends the list with exit 1 and one line, never silently.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct NoOutputByteActsOnTheTerminalEndToEndTests {
    /// An OSC 52 clipboard write, a C1 CSI, a clear-screen, NEL, a C1 OSC with its ST, a
    /// bell, a carriage return and DEL, as JSON escapes (the server's JSON is valid; what
    /// it decodes to is hostile).
    static let hostile = #"\u001b]52;c;aGVsbG8=\u0007\u009b31m\u001b[2J\u0085\u009d0;title\u009c\r\u007f"#

    /// The hostile server: `/items` (the items under a hostile key, hostile names and
    /// fields), `/error` (a 404 whose message is hostile), `/loop` (hostile items and a
    /// `next` back to itself), `/foreign` (a `next` on another origin).
    static func server() throws -> LoopbackServer {
        try LoopbackServer { head in
            let target = LoopbackServer.target(of: head)
            let path = String(target.split(separator: "?").first ?? "")
            let items = (1...3).map { #"{"id":\#($0),"name":"n\#(hostile)\#($0)","kind":"k\#(hostile)"}"# }.joined(separator: ",")
            switch path {
            case "/items":
                return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"],
                                               body: #"{"it\#(hostile)ems":[\#(items)],"count":3}"#)
            case "/error":
                return LoopbackServer.response("404 Not Found", headers: ["Content-Type": "application/json"],
                                               body: #"{"message":"gone\#(hostile)"}"#)
            case "/loop":
                return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"],
                                               body: #"{"results":[\#(items)],"next":"/loop"}"#)
            case "/foreign":
                let page = target.contains("page=2") ? 2 : 1
                let more = (1...20).map { #"{"id":\#($0 + (page - 1) * 20),"name":"x"}"# }.joined(separator: ",")
                return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"],
                                               body: #"{"results":[\#(more)],"count":40,"next":"http://localhost:1/foreign?page=2"}"#)
            default:
                return LoopbackServer.response("404 Not Found", body: "")
            }
        }
    }

    /// The first scalar of `text` that could act on a terminal, if any.
    static func firstControl(_ text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
    }

    private func run(_ arguments: [String]) async throws -> Spawn.Result {
        try await Spawn.portal(arguments)
    }

    @Test(arguments: [
        (["/items", "--explain"], 0),
        (["/items", "--explain", "--json"], 0),
        (["/items", "--fields", "kind"], 0),
        (["/error"], 1),
        (["/loop", "--explain"], 1),
    ])
    func noServerChosenByteActsOnTheTerminal(arguments: [String], status: Int) async throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try await run(["list", "--url", server.baseURL + arguments[0]] + arguments.dropFirst())
        #expect(Int(result.status) == status, "\(result.stderr)")
        for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let bad = Self.firstControl(text)
            #expect(bad == nil, "\(name) holds U+\(String(bad?.value ?? 0, radix: 16)): \(text.debugDescription.prefix(400))")
        }
        // What was there is still shown, as U+FFFD: the reader sees something was.
        // (`--json` escapes them instead: the JSON as served, its controls as `\u001b`.)
        if status == 0 {
            #expect(result.stdout.contains(arguments.contains("--json") ? "\\u001b" : "\u{FFFD}") && !result.stdout.isEmpty, "\(result.stdout.prefix(300))")
        }
        if arguments.contains("--explain") {
            #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("portal: ") }, "\(result.stderr)")
        }
    }

    /// The first page's `next` is on another server: nothing is asked there, and the run
    /// ends with exit 1 and one line saying why (it once ended at 20 of 40 with exit 0).
    @Test func aNextOnAnotherServerIsExitOneWithOneLine() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try await run(["list", "--url", server.baseURL + "/foreign"])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("another server"), "\(result.stderr)")
        #expect(server.requestCount == 1)
    }
}
