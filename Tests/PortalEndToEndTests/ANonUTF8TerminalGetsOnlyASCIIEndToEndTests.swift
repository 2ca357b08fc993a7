import Foundation
import PortalTestSupport
import Testing

/// portal on a terminal whose locale is not UTF-8 (`LANG=C`, or no locale at all: how
/// xterm starts in its 8-bit mode). There the bytes 0x80–0x9F are C1 controls, and UTF-8
/// is full of them: a server's name of printable scalars, "\u{75D}0;OWNED\u{71C}" (DD 9D
/// … DC 9C), set xterm's title, and "\u{65B}2J" (D9 9B) cleared its screen. Whatever
/// portal writes to such a terminal — the browser's screen, `portal list`, `--explain` on
/// stderr — is ASCII; on a UTF-8 terminal the same name is written as it is.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct ANonUTF8TerminalGetsOnlyASCIIEndToEndTests {
    /// Printable scalars whose UTF-8 holds a CSI (9B), an OSC (9D) and an ST (9C).
    static let name = "Quiet \u{65B}2J\u{75D}0;OWNED\u{71C} name"

    static func server() throws -> LoopbackServer {
        try LoopbackServer { _ in
            let body = #"{"it\#(name)ems":[{"id":1,"name":"\#(name)"},{"id":2,"name":"plain"}],"count":2,"next":null}"#
            return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: body)
        }
    }

    /// The first byte in 0x80–0x9F of `bytes` (a C1 control on an 8-bit terminal), if any.
    static func firstC1Byte(_ bytes: [UInt8]) -> UInt8? {
        bytes.first { (0x80...0x9F).contains($0) }
    }

    @Test(arguments: [("C", true), (nil, true), ("C.UTF-8", false)] as [(String?, Bool)])
    func theBrowserWritesOnlyAsciiToAnAsciiTerminal(locale: String?, ascii: Bool) throws {
        let server = try Self.server()
        defer { server.stop() }
        let app = try PtyTerminal(arguments: ["--url", server.baseURL + "/items", "--no-cache"], term: "xterm", locale: locale)
        defer { app.close() }
        try app.read(until: "the list") { $0.contains("OWNED") && $0.contains("plain") && $0.contains("1 / 2") }
        app.readQuietly()
        if ascii {
            #expect(app.bytes.allSatisfy { $0 < 0x80 }, "first C1 byte: \(Self.firstC1Byte(app.bytes).map { String($0, radix: 16) } ?? "none")")
        } else {
            #expect(app.output.contains("\u{75D}0;OWNED\u{71C}"), "on a UTF-8 terminal the name is as it was")
        }
        app.write("q")
        #expect(try app.waitForExit() == 0)
    }

    @Test(arguments: [("C", true), ("C.UTF-8", false)] as [(String?, Bool)])
    func listAndExplainWriteOnlyAsciiToAnAsciiTerminal(locale: String?, ascii: Bool) throws {
        let server = try Self.server()
        defer { server.stop() }
        let app = try PtyTerminal(arguments: ["list", "--url", server.baseURL + "/items", "--no-cache", "--explain"],
                                  term: "xterm", locale: locale)
        defer { app.close() }
        #expect(try app.waitForExit() == 0, "\(app.output)")
        #expect(app.output.contains("OWNED") && app.output.contains("plain"), "\(app.output)")
        if ascii {
            #expect(app.bytes.allSatisfy { $0 < 0x80 }, "\(app.output.debugDescription)")
        } else {
            #expect(app.output.contains("\u{75D}0;OWNED\u{71C}"))
        }
    }
}
