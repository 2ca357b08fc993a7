import Foundation
import Testing

/// `portal list` as a user runs it: every character in one request per page, the filters,
/// `--json`, and the documented exit codes with one-line errors.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct ListPrintsEveryCharacterOneRequestAPageEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    /// The id a text line starts with (`    1  Rick Sanchez  Alive  Human`: a record's line).
    static func id(_ line: Substring) -> Int? { line.split(separator: " ").first.flatMap { Int($0) } }

    @Test func listsAllCharactersInFortyTwoTracedRequests() async throws {
        try await offThePool {
            let trace = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UInt32.random(in: 0...UInt32.max)).jsonl")
            defer { try? FileManager.default.removeItem(at: trace) }
            let result = try run(["list", "characters", "--data", data, "--trace", trace.path])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 826)
            #expect(lines.compactMap(Self.id) == Array(1...826))
            #expect(lines.last?.contains("Butter Robot") == true)
            let requests = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            #expect(requests.count == 42)
            #expect(requests.allSatisfy { $0.contains(#""status":200"#) })
        }
    }

    @Test func filtersByNameWithASpace() async throws {
        try await offThePool {
            let result = try run(["list", "characters", "--name", "rick sanchez", "--data", data])
            #expect(result.status == 0)
            let ids = result.stdout.split(separator: "\n").compactMap(Self.id)
            #expect(ids == [1, 290, 293, 631])
        }
    }

    @Test func printsTheAPIsOwnJSON() async throws {
        try await offThePool {
            let result = try run(["list", "episodes", "--json", "--limit", "1", "--data", data])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix(#"{"id":1,"name":"Pilot","air_date":"December 2, 2013","episode":"S01E01","characters":["#))
        }
    }

    @Test(arguments: [
        (["list", "characters", "--data", "/nonexistent/portal-data"], Int32(1), "/nonexistent/portal-data"),
        (["list", "characters", "--bogus"], Int32(2), "--bogus"),
        (["list", "characters", "--dimension", "C-137", "--data", "."], Int32(2), "--dimension"),
        (["list", "people"], Int32(2), "people"),
        (["list", "characters", "--base-url", "http://a b/api"], Int32(2), "--base-url"),
        (["list", "characters", "--base-url", "http://[::1:1/api"], Int32(2), "--base-url"),
        (["list", "characters", "--base-url", "http://127.0.0.1:-1/api"], Int32(2), "port of 1 to 65535"),
        (["list", "characters", "--base-url", "http://127.0.0.1:70000/api"], Int32(2), "port of 1 to 65535"),
    ])
    func errorsAreOneLineWithTheDocumentedStatus(arguments: [String], status: Int32, mentions: String) async throws {
        try await offThePool {
            let result = try run(arguments)
            #expect(result.status == status)
            #expect(result.stderr.hasPrefix("portal: ") && result.stderr.contains(mentions), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line expected: \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    /// A trace that cannot be written (`/dev/full`) is no crash: the list is printed, the
    /// trace failure is one line at the end, and the status is 1.
    @Test func aTraceThatCannotBeWrittenIsReportedOnce() async throws {
        try await offThePool {
            let result = try run(["list", "episodes", "--data", data, "--trace", "/dev/full"])
            #expect(result.status == 1)
            #expect(result.stdout.split(separator: "\n").count == 51)
            #expect(result.stderr == "portal: cannot write the trace to /dev/full: No space left on device; tracing stopped\n", "\(result.stderr)")
        }
    }

    private func run(_ arguments: [String]) throws -> Spawn.Result {
        try Spawn.run(EndToEndEnvironment.portal ?? "portal", arguments, environment: ProcessInfo.processInfo.environment,
                      scratch: FileManager.default.temporaryDirectory)
    }
}
