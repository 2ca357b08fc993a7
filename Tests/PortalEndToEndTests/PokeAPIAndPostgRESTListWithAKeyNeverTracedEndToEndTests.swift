import Foundation
import Testing

/// `portal list` against the other two dialects, as a user runs it: the binary spawned
/// against an in-process mirror (PokeAPI, PostgREST behind a key) and the offline snapshot
/// with `--api`.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct PokeAPIAndPostgRESTListWithAKeyNeverTracedEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    @Test func listsEveryPokemonInSixtyEightTracedRequests() async throws {
        try await withMirror(data: data) { origin in
            let trace = Self.scratchFile("pokemon")
            defer { try? FileManager.default.removeItem(at: trace) }
            let result = try await run(["list", "pokemon", "--base-url", "\(origin)/api/v2", "--trace", trace.path])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 1351)
            #expect(lines.first == "    1  bulbasaur")
            #expect(lines.last == "10326  meowstic-female-mega")
            let requests = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            #expect(requests.count == 68)
            #expect(requests.allSatisfy { $0.contains(#""status":200"#) })
        }
    }

    @Test func pokemonAsJSONAndWithAPageSizeFromTheSnapshot() async throws {
        let trace = Self.scratchFile("pokemon-snapshot")
        defer { try? FileManager.default.removeItem(at: trace) }
        let result = try await run(["list", "pokemon", "--json", "--api", "pokeapi", "--page-size", "100", "--data", data, "--trace", trace.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1351)
        #expect(lines.first == #"{"name":"bulbasaur","url":"https://pokeapi.co/api/v2/pokemon/1/"}"#)
        #expect(try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").count == 14)
    }

    @Test func listsAPostgRESTTableWithAKeyThatTheTraceNeverHolds() async throws {
        let key = "sb-secret-\(UInt32.random(in: 0...UInt32.max))"
        try await withMirror(data: data, requireKey: key) { origin in
            let trace = Self.scratchFile("postgrest")
            defer { try? FileManager.default.removeItem(at: trace) }
            let arguments = ["list", "characters", "--base-url", "\(origin)/rest/v1", "--trace", trace.path,
                             "--header", "X-Extra: also-\(key)"]
            let result = try await run(arguments, environment: ["PORTAL_API_KEY": key])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 826)
            #expect(lines.last == "  826  Butter Robot")
            let traced = try String(contentsOf: trace, encoding: .utf8)
            #expect(traced.split(separator: "\n").count == 42)
            #expect(!traced.contains(key))
            #expect(!result.stdout.contains(key) && !result.stderr.contains(key))

            // Without the key: 401, one line on stderr, exit 1, and still no key anywhere.
            let refused = try await run(arguments.filter { $0 != "--header" && !$0.hasPrefix("X-Extra") } + ["--header", "apikey: wrong-\(key)"])
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix("portal: page 1 failed") && refused.stderr.contains("401"), "\(refused.stderr)")
            #expect(!refused.stderr.contains(key))
            #expect(!(try String(contentsOf: trace, encoding: .utf8)).contains(key))
        }
    }

    @Test func filtersOrderAndJSONRowsAsServed() async throws {
        try await withMirror(data: data) { origin in
            let result = try await run(["list", "characters", "--base-url", "\(origin)/rest/v1/", "--where", "name=ilike.*smith*",
                                        "--where", "status=eq.Alive", "--order", "id.desc", "--page-size", "3", "--limit", "2", "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.first?.hasPrefix(#"{"id":"#) == true && lines.first?.contains(#""status":"Alive""#) == true)
            let pokemonTable = try await run(["list", "pokemon", "--api", "postgrest", "--base-url", "\(origin)/rest/v1", "--limit", "1"])
            #expect(pokemonTable.stdout == "    1  bulbasaur\n")
        }
    }

    @Test(arguments: [
        (["list", "characters", "--api", "postgrest", "--page-size", "0"], "--page-size"),
        (["list", "characters", "--page-size", "50"], "fixed at 20"),
        (["list", "characters", "--api", "postgrest", "--where", "status=Dead"], "--where"),
        (["list", "characters", "--where", "status=eq.Dead"], "--where"),
        (["list", "characters", "--api", "postgrest", "--order", "name.sideways"], "--order"),
        (["list", "characters", "--api", "postgrest", "--header", "nocolon"], "--header"),
        (["list", "pokemon"], "--api"),
        (["list", "characters", "--api", "gopher"], "gopher"),
    ])
    func usageErrorsExitTwo(arguments: [String], mentions: String) async throws {
        let result = try await run(arguments + ["--data", data])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("portal: ") && result.stderr.contains(mentions), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    // MARK: - Helpers

    static func scratchFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UInt32.random(in: 0...UInt32.max)).jsonl")
    }

    /// Spawns portal on a thread of its own: `waitpid` must not hold a thread of the
    /// cooperative pool, which the in-process mirror needs to answer.
    private func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Spawn.Result {
        var merged = ProcessInfo.processInfo.environment
        merged.removeValue(forKey: "PORTAL_API_KEY")
        merged.merge(extra) { _, new in new }
        let environment = merged
        let binary = EndToEndEnvironment.portal ?? "portal"
        let scratch = FileManager.default.temporaryDirectory
        // --no-cache: these count requests, and a test never writes the user's cache.
        return try await offThePool { try Spawn.run(binary, arguments + ["--no-cache"], environment: environment, scratch: scratch) }
    }
}
