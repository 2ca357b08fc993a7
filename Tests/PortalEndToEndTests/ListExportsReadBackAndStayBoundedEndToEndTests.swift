import Foundation
import PortalMirror
import PortalTestSupport
import Synchronization
import Testing

/// `portal list` as an exporter (issue 26, item 3 and 4; issue 27, item 4): a range out of
/// the middle of a million in the pages that hold it, CSV/TSV that Python's `csv` reads
/// back, jq programs, `| head` ending quietly, and memory that does not grow with the list.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason), .serialized)
struct ListExportsReadBackAndStayBoundedEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    @Test func aRangeOfAMillionCostsTheTwoPagesThatHoldIt() async throws {
        try await Self.withMirror(scale: 1_000_000) { origin in
            let trace = Self.scratchFile("range.jsonl")
            defer { try? FileManager.default.removeItem(at: trace) }
            let result = try await Self.run(["list", "characters", "--base-url", "\(origin)/api", "--from", "500000", "--to", "500019", "--json", "--trace", trace.path])
            #expect(result.status == 0, "\(result.stderr)")
            let ids = result.stdout.split(separator: "\n").map { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? Int ?? -1
            }
            #expect(ids == Array(500_000...500_019))
            let requests = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            #expect(requests.count <= 2, "\(requests)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
        }
    }

    @Test(arguments: [
        (["--from", "0"], "--from must be at least 1"),
        (["--from", "10", "--to", "5"], "--to 5 is before --from 10"),
        (["--to", "0"], "--to must be at least 1"),
        (["--jq", ".name", "--format", "csv"], "--jq prints JSON"),
        (["--raw"], "--raw goes with --jq"),
        (["--json", "--format", "csv"], "--json is --format ndjson"),
    ])
    func badOptionsAreUsageErrors(options: [String], said: String) async throws {
        let result = try await Self.run(["list", "characters", "--data", data] + options)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(said) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// The CSV and TSV of a list with commas, quotes and nested values, read back by
    /// Python's `csv` module: the same cells as the items' JSON.
    @Test(arguments: ["csv", "tsv"])
    func delimitedOutputReadsBackInPython(format: String) async throws {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python), "needs python3")
        let columns = "id,name,origin.name,episode,type"
        let result = try await Self.run(["list", "characters", "--data", data, "--to", "60", "--format", format, "--fields", columns])
        #expect(result.status == 0, "\(result.stderr)")
        let file = Self.scratchFile("export.\(format)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(result.stdout.utf8).write(to: file)
        // csv for CSV; for TSV the escapes are undone after the tab split, as TSV readers do.
        let script = format == "csv"
            ? "import csv,json,sys\nrows=list(csv.reader(open(sys.argv[1],newline='')))\nprint(json.dumps(rows))"
            : "import csv,json,sys\nun=lambda s: s.replace('\\\\\\\\','\\0').replace('\\\\t','\\t').replace('\\\\n','\\n').replace('\\\\r','\\r').replace('\\0','\\\\')\nrows=[[un(c) for c in r] for r in csv.reader(open(sys.argv[1],newline=''),delimiter='\\t',quoting=csv.QUOTE_NONE)]\nprint(json.dumps(rows))"
        let read = try Spawn.run(python, ["-c", script, file.path], environment: ProcessInfo.processInfo.environment, scratch: FileManager.default.temporaryDirectory)
        #expect(read.status == 0, "\(read.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String]])
        #expect(rows.first == columns.split(separator: ",").map(String.init))
        #expect(rows.count == 61)
        #expect(rows.dropFirst().allSatisfy { $0.count == 5 })
        #expect(rows[1][0...2] == ["1", "Rick Sanchez", "Earth (C-137)"])
        #expect(rows[1][3].hasPrefix(#"["https://rickandmortyapi.com/api/episode/1","#))
        // The same cells as the JSON says.
        let json = try await Self.run(["list", "characters", "--data", data, "--to", "60", "--json"])
        let names = json.stdout.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["name"] as? String }
        #expect(rows.dropFirst().map { $0[1] } == names)
    }

    @Test func formatJSONIsOneArray() async throws {
        let result = try await Self.run(["list", "episodes", "--data", data, "--from", "50", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.compactMap { $0["id"] as? Int } == [50, 51])
        let empty = try await Self.run(["list", "episodes", "--data", data, "--name", "no such episode", "--format", "json"])
        #expect(empty.stdout == "[]\n", "\(empty.stdout)")
    }

    @Test func jqPrintsWhatJqPrints() async throws {
        let names = try await Self.run(["list", "characters", "--data", data, "--to", "3", "--jq", ".name"])
        #expect(names.status == 0, "\(names.stderr)")
        #expect(names.stdout == "\"Rick Sanchez\"\n\"Morty Smith\"\n\"Summer Smith\"\n")
        let raw = try await Self.run(["list", "characters", "--data", data, "--to", "2", "--jq", ".name, {id}", "-r"])
        #expect(raw.stdout == "Rick Sanchez\n{\"id\":1}\nMorty Smith\n{\"id\":2}\n")
        let array = try await Self.run(["list", "characters", "--data", data, "--to", "2", "--jq", ".id", "--format", "json"])
        #expect(array.stdout == "[\n1,\n2\n]\n")
    }

    @Test func aBadJqProgramSaysJqsMessageAndExits2BeforeAnyRequest() async throws {
        let result = try await Self.run(["list", "characters", "--base-url", "http://127.0.0.1:9/api", "--jq", ".name |||"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("portal: jq: error: syntax error"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aJqErrorAtRunTimeExits5AfterTheOtherItems() async throws {
        let result = try await Self.run(["list", "characters", "--data", data, "--to", "3", "--jq", "if .id == 2 then error(\"no \\(.name)\") else .id end"])
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stdout == "1\n3\n")
        #expect(result.stderr == "portal: jq: error: no Morty Smith\n", "\(result.stderr)")
    }

    /// `| head -1`: status 0, nothing on stderr, and the list stops asking at once (a
    /// million items are 50,000 pages).
    @Test func headEndsItQuietly() async throws {
        try await Self.withMirror(scale: 1_000_000) { origin in
            let trace = Self.scratchFile("head.jsonl")
            defer { try? FileManager.default.removeItem(at: trace) }
            let portal = EndToEndEnvironment.portal ?? "portal"
            let line = "set -o pipefail; '\(portal)' list characters --no-cache --base-url '\(origin)/api' --trace '\(trace.path)' 2>'\(trace.path).err' | head -1; echo \"status=$?\"; cat '\(trace.path).err'"
            defer { try? FileManager.default.removeItem(atPath: trace.path + ".err") }
            let result = try await offThePool {
                try Spawn.run("/bin/bash", ["-c", line], environment: ProcessInfo.processInfo.environment, scratch: FileManager.default.temporaryDirectory)
            }
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].contains("Rick Sanchez") && lines[1] == "status=0", "\(result.stdout)")
            let requests = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            #expect(requests.count <= 3, "\(requests.count) requests")
        }
    }

    /// Issue 27, item 4: an endless cursor list of 20 KB items grew `portal list` to 409 MB
    /// after 420 pages, since every item was kept. Streamed, 440 pages of 2 KB items cost
    /// about what 40 do: what grows is only the session cache's copy of the answers (8.8 MB
    /// here; it is bounded at 32 MB), where keeping the items cost about three times more.
    @Test func memoryDoesNotGrowWithThePages() async throws {
        let server = try Self.endlessCursorList(itemBytes: 2_000)
        defer { server.stop() }
        func peak(pages: Int) async throws -> Int {
            let result = try await Self.run(["list", "--url", server.baseURL + "/items", "--limit", String(pages * 10), "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == pages * 10)
            return result.peakMemoryKiB / 1024
        }
        let few = try await peak(pages: 40)
        let many = try await peak(pages: 440)
        #expect(many - few < 18, "40 pages: \(few) MiB, 440 pages: \(many) MiB")
    }

    /// `{next, results}` forever: 10 items of `itemBytes` a page, `next` a fresh cursor.
    static func endlessCursorList(itemBytes: Int) throws -> LoopbackServer {
        let base = Mutex("")
        let filler = String(repeating: "x", count: itemBytes)
        let server = try LoopbackServer { head in
            let target = LoopbackServer.target(of: head)
            let page = target.split(separator: "cursor=").last.flatMap { Int($0) } ?? 0
            let items = (0..<10).map { #"{"id":\#(page * 10 + $0 + 1),"name":"item \#(page * 10 + $0 + 1)","blob":"\#(filler)"}"# }
            let next = base.withLock { $0 } + "/items?cursor=\(page + 1)"
            return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"],
                                           body: #"{"next":"\#(next)","results":[\#(items.joined(separator: ","))]}"#)
        }
        base.withLock { $0 = server.baseURL }
        return server
    }

    static func scratchFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UInt32.random(in: 0...UInt32.max))-\(name)")
    }

    /// The mirror of the snapshot, `scale` characters, on a free port.
    static func withMirror(scale: Int, _ body: (String) async throws -> Void) async throws {
        try await MirrorServer.with(.inProcess { options in
            options.dataFolder = EndToEndEnvironment.dataFolder ?? "."
            options.scale = scale
        }) { try await body($0.origin) }
    }

    /// Spawns portal (`--no-cache`: these count requests) on a thread of its own.
    static func run(_ arguments: [String]) async throws -> Spawn.Result {
        try await Spawn.portal(arguments)
    }
}
