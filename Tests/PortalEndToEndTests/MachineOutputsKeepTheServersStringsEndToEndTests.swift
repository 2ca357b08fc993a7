import Foundation
import PortalTestSupport
import Testing

/// Issue 35, items 12 and 13: `portal list`'s machine outputs (`--json`, `--format
/// json|ndjson|csv|tsv`, `--jq`) carry the server's strings exactly — a Persian ZWNJ, an
/// emoji ZWJ sequence, a skin tone, VS16, a flag's tag sequence, a soft hyphen, bidi marks,
/// a BOM — and write control characters as the format has them (JSON escapes, CSV inside
/// quotes, TSV's `\t` `\n` `\r` `\\`); only what is drawn on a terminal is cleaned.
/// `--csv-safe` follows OWASP's advice for CSV opened in a spreadsheet. Every check is on
/// the bytes.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct MachineOutputsKeepTheServersStringsEndToEndTests {
    /// One string: as the server writes it inside its JSON (raw UTF-8, with the escapes a
    /// server must use for C0), what it decodes to, and its CSV and TSV cells.
    struct Case: Sendable {
        let what: String
        let served: String
        let value: String
        let csv: String
        let tsv: String
        /// The JSON string's text as `--json` prints it: as served, DEL and C1 escaped.
        let json: String
    }

    /// A string that needs no escaping anywhere: served, decoded and written the same.
    static func plain(_ what: String, _ text: String) -> Case {
        Case(what: what, served: text, value: text, csv: text, tsv: text, json: text)
    }

    static let cases: [Case] = [
        plain("Persian ZWNJ", "می\u{200C}خواهم"),
        plain("ZWJ family", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"),
        plain("skin tone", "\u{1F44D}\u{1F3FD}"),
        plain("VS16", "\u{2764}\u{FE0F}"),
        plain("flag tags", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"),
        plain("soft hyphen", "soft\u{00AD}hyphen"),
        plain("RLM and LRM", "\u{200F}RLM\u{200E}LRM"),
        plain("bidi override, isolate, ALM", "\u{202E}abc\u{202C}\u{2067}x\u{2069}\u{061C}"),
        plain("BOM", "\u{FEFF}bom"),
        plain("zero-width space", "a\u{200B}b"),
        Case(what: "OSC 52 and a bell", served: #"\u001b]52;c;aGk=\u0007"#, value: "\u{1B}]52;c;aGk=\u{07}",
             csv: "\"\u{1B}]52;c;aGk=\u{07}\"", tsv: "\u{1B}]52;c;aGk=\u{07}", json: #"\u001b]52;c;aGk=\u0007"#),
        Case(what: "raw C1 CSI", served: "\u{9B}31m", value: "\u{9B}31m", csv: "\"\u{9B}31m\"", tsv: "\u{9B}31m", json: #"\u009b31m"#),
        Case(what: "raw DEL", served: "x\u{7F}", value: "x\u{7F}", csv: "\"x\u{7F}\"", tsv: "x\u{7F}", json: #"x\u007f"#),
        Case(what: "tab, LF, CR, backslash", served: #"a\tb\nc\rd\\e"#, value: "a\tb\nc\rd\\e",
             csv: "\"a\tb\nc\rd\\e\"", tsv: #"a\tb\nc\rd\\e"#, json: #"a\tb\nc\rd\\e"#),
        Case(what: "quotes and a comma", served: #"say \"hi\", ok"#, value: #"say "hi", ok"#,
             csv: #""say ""hi"", ok""#, tsv: #"say "hi", ok"#, json: #"say \"hi\", ok"#),
    ]

    /// `/items`: one item a case, `{"id":N,"name":…}`, the case's string served as is.
    static func server() throws -> LoopbackServer {
        let items = cases.enumerated().map { #"{"id":\#($0.offset + 1),"name":"\#($0.element.served)"}"# }.joined(separator: ",")
        return try LoopbackServer { _ in
            LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: #"{"results":[\#(items)],"next":null}"#)
        }
    }

    /// The item's line as `--json` prints it.
    static func jsonLine(_ index: Int, _ c: Case) -> String { #"{"id":\#(index + 1),"name":"\#(c.json)"}"# }

    /// Spawns portal (`--no-cache`), as the export tests do.
    static func run(_ arguments: [String]) async throws -> Spawn.Result { try await ListExportsReadBackAndStayBoundedEndToEndTests.run(arguments) }

    /// Runs `portal list --url …/items` with `options` and compares stdout's bytes.
    static func expectOutput(_ options: [String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let server = try server()
        defer { server.stop() }
        let result = try await run(["list", "--url", server.baseURL + "/items"] + options)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        let got = Array(result.stdout.utf8), want = Array(expected.utf8)
        #expect(got == want, "\(options): got \(result.stdout.debugDescription)\nwant \(expected.debugDescription)", sourceLocation: sourceLocation)
        if got != want {
            // Which cases differ, by name.
            let gotLines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let wantLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            for (g, w) in zip(gotLines, wantLines) where Array(g.utf8) != Array(w.utf8) {
                Issue.record("line differs: \(String(g).debugDescription) ≠ \(String(w).debugDescription)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func ndjsonKeepsEveryStringAsServed() async throws {
        let lines = Self.cases.enumerated().map { Self.jsonLine($0.offset, $0.element) + "\n" }.joined()
        try await Self.expectOutput(["--json"], lines)
        try await Self.expectOutput(["--format", "ndjson"], lines)
    }

    @Test func formatJSONKeepsEveryStringAsServed() async throws {
        let array = "[\n" + Self.cases.enumerated().map { Self.jsonLine($0.offset, $0.element) }.joined(separator: ",\n") + "\n]\n"
        try await Self.expectOutput(["--format", "json"], array)
    }

    @Test func csvKeepsEveryStringQuotingControls() async throws {
        let csv = "id,name\n" + Self.cases.enumerated().map { "\($0.offset + 1),\($0.element.csv)\n" }.joined()
        try await Self.expectOutput(["--format", "csv", "--fields", "id,name"], csv)
    }

    @Test func tsvKeepsEveryStringEscapingTabsAndLineBreaks() async throws {
        let tsv = "id\tname\n" + Self.cases.enumerated().map { "\($0.offset + 1)\t\($0.element.tsv)\n" }.joined()
        try await Self.expectOutput(["--format", "tsv", "--fields", "id,name"], tsv)
    }

    @Test func jqKeepsEveryString() async throws {
        try await Self.expectOutput(["--jq", ".name"], Self.cases.map { "\"\($0.json)\"\n" }.joined())
        try await Self.expectOutput(["--jq", ".name", "--raw"], Self.cases.map { $0.value + "\n" }.joined())
        try await Self.expectOutput(["--jq", "{n: .name}", "--format", "json"],
                                    "[\n" + Self.cases.map { #"{"n":"\#($0.json)"}"# }.joined(separator: ",\n") + "\n]\n")
    }

    /// A column whose key holds ESC, C1 or DEL: its header is the key, its cells are the
    /// values (they were empty when the cells were read from a cleaned copy of the JSON).
    @Test func columnsWhoseKeysHoldControlsPrintTheirCells() async throws {
        let server = try LoopbackServer { _ in
            LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"],
                                    body: "{\"results\":[{\"id\":1,\"\\u001bk\":\"esc\",\"\u{9B}k\":\"c1\",\"\u{7F}k\":\"del\"}],\"next\":null}")
        }
        defer { server.stop() }
        let result = try await Self.run(["list", "--url", server.baseURL + "/items", "--format", "csv", "--fields", "id,\u{1B}k,\u{9B}k,\u{7F}k"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Array(result.stdout.utf8) == Array("id,\"\u{1B}k\",\"\u{9B}k\",\"\u{7F}k\"\n1,esc,c1,del\n".utf8), "\(result.stdout.debugDescription)")
    }

    /// On a terminal the same list is drawn cleaned: no control but the line feed and the
    /// tab, and no hidden scalar, reaches it (stdout a pty through `script`).
    @Test func aTerminalGetsTheListCleaned() async throws {
        let script = "/usr/bin/script"
        try #require(FileManager.default.isExecutableFile(atPath: script), "needs script(1)")
        let server = try Self.server()
        defer { server.stop() }
        let portal = EndToEndEnvironment.portal ?? "portal"
        for format in ["csv", "ndjson"] {
            let command = "'\(portal)' list --url '\(server.baseURL)/items' --no-cache --format \(format) --fields id,name"
            var environment = ProcessInfo.processInfo.environment
            environment["LANG"] = "C.UTF-8"
            let frozen = environment
            let result = try await offThePool {
                try Spawn.run(script, ["-q", "-e", "-c", command, "/dev/null"], environment: frozen, scratch: FileManager.default.temporaryDirectory)
            }
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("bom"), "\(result.stdout.debugDescription)")
            let drawn = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
            let bad = drawn.unicodeScalars.first { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) || [0x200C, 0x200D, 0xFEFF, 0x202E, 0x200F, 0xAD].contains($0.value) }
            #expect(bad == nil, "\(format): U+\(String(bad?.value ?? 0, radix: 16)) reached the terminal")
        }
    }

    /// `--csv-safe` (OWASP, CSV Injection): a cell beginning with `=`, `+`, `-`, `@`, tab,
    /// CR or LF gets a leading `'` and is quoted; others are as without it. The default
    /// keeps the data.
    @Test func csvSafePrefixesFormulaCells() async throws {
        let values = [#"=1+2\";=1+2"#, "+1", "-1", "@SUM(A1)", #"\tx"#, #"\rx"#, #"\nx"#, "a=b", "1"]
        let server = try LoopbackServer { _ in
            let items = values.enumerated().map { #"{"id":\#($0.offset + 1),"name":"\#($0.element)"}"# }.joined(separator: ",")
            return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: #"{"results":[\#(items)],"next":null}"#)
        }
        defer { server.stop() }
        let safe = try await Self.run(["list", "--url", server.baseURL + "/items", "--format", "csv", "--fields", "id,name", "--csv-safe"])
        #expect(safe.status == 0, "\(safe.stderr)")
        let cells = [#""'=1+2"";=1+2""#, #""'+1""#, #""'-1""#, #""'@SUM(A1)""#, "\"'\tx\"", "\"'\rx\"", "\"'\nx\"", "a=b", "1"]
        let want = "id,name\n" + cells.enumerated().map { "\($0.offset + 1),\($0.element)\n" }.joined()
        #expect(Array(safe.stdout.utf8) == Array(want.utf8), "\(safe.stdout.debugDescription)")
        let plain = try await Self.run(["list", "--url", server.baseURL + "/items", "--format", "csv", "--fields", "id,name"])
        let kept = [#""=1+2"";=1+2""#, "+1", "-1", "@SUM(A1)", "\"\tx\"", "\"\rx\"", "\"\nx\"", "a=b", "1"]
        #expect(Array(plain.stdout.utf8) == Array(("id,name\n" + kept.enumerated().map { "\($0.offset + 1),\($0.element)\n" }.joined()).utf8),
                "\(plain.stdout.debugDescription)")
        let tsv = try await Self.run(["list", "--url", server.baseURL + "/items", "--format", "tsv", "--fields", "id,name", "--csv-safe"])
        let tsvCells = [#"'=1+2";=1+2"#, "'+1", "'-1", "'@SUM(A1)", #"'\tx"#, #"'\rx"#, #"'\nx"#, "a=b", "1"]
        #expect(Array(tsv.stdout.utf8) == Array(("id\tname\n" + tsvCells.enumerated().map { "\($0.offset + 1)\t\($0.element)\n" }.joined()).utf8),
                "\(tsv.stdout.debugDescription)")
    }

    @Test func csvSafeGoesWithCSVOrTSV() async throws {
        let result = try await Self.run(["list", "--url", "http://127.0.0.1:9/items", "--json", "--csv-safe"])
        #expect(result.status == 2 && result.stderr.contains("--csv-safe"), "\(result.stderr)")
    }
}
