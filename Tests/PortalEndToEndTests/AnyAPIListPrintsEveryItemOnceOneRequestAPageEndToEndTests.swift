import Foundation
import Testing

/// `portal list --url` spawned against an in-process mirror's paging styles: every item
/// once, one request a page, the JSON as served, what was read said by `--explain` and in
/// the trace, and an answer that is no list refused with what was looked for.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct AnyAPIListPrintsEveryItemOnceOneRequestAPageEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    static func scratchFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UInt32.random(in: 0...UInt32.max)).jsonl")
    }

    @Test(arguments: [("hal", 42, "_embedded.characters"), ("link", 28, "Link header"), ("stripe", 83, "has_more")])
    func listsEveryItemOnceAsServed(style: String, requests: Int, said: String) async throws {
        try await withMirror(data: data) { origin in
            let trace = Self.scratchFile("any-\(style)")
            defer { try? FileManager.default.removeItem(at: trace) }
            let result = try await run(["list", "--url", "\(origin)/dialects/\(style)/characters", "--json", "--explain", "--trace", trace.path])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 826)
            #expect(lines.first?.hasPrefix(#"{"id":1,"name":"Rick Sanchez","status":"Alive""#) == true)
            #expect(lines.last?.hasPrefix(#"{"id":826,"name":"Butter Robot""#) == true)
            #expect(result.stderr.contains(said), "\(result.stderr)")
            let traced = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            #expect(traced.filter { $0.contains(#""ms""#) }.count == requests)
            // The dialect is noted once the first answer (the first line) is read.
            #expect(traced.dropFirst().first?.contains(#""note":"dialect""#) == true)
        }
    }

    @Test func anAnswerThatIsNoListIsRefusedWithWhatWasLookedFor() async throws {
        try await withMirror(data: data) { origin in
            // The Rick and Morty root is an object of links: no list in it.
            let result = try await run(["list", "--url", "\(origin)/api"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("no list of items") && result.stderr.contains("--items"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    /// Spawns portal off the cooperative pool (the in-process mirror answers on it), with
    /// no key from the environment and no disk cache (these count requests).
    private func run(_ arguments: [String]) async throws -> Spawn.Result {
        try await Spawn.portal(arguments)
    }
}
