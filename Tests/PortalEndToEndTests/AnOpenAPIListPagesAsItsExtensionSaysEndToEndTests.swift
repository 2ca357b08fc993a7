import Foundation
import Testing

/// `portal list LIST --openapi URL|FILE` spawned against an in-process mirror's
/// `/openapi.json`: one list of the document whole, as its vendor extension pages it, and
/// a document or a list name that cannot be used refused with exit status 2.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct AnOpenAPIListPagesAsItsExtensionSaysEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    @Test func aListOfTheDocumentIsPrintedWholeAsItsExtensionPagesIt() async throws {
        try await withMirror(data: data) { origin in
            let result = try await run(["list", "stripeCharacters", "--openapi", "\(origin)/openapi.json", "--json", "--explain"])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 826)
            #expect(lines.first?.hasPrefix(#"{"id":1,"name":"Rick Sanchez""#) == true)
            #expect(lines.last?.hasPrefix(#"{"id":826,"name":"Butter Robot""#) == true)
            #expect(result.stderr.contains("declared: x-stainless-pagination-property"), "\(result.stderr)")
            #expect(result.stderr.contains("the last item's id sent as starting_after="), "\(result.stderr)")
        }
    }

    @Test func anUnknownListOrABadDocumentIsAUsageError() async throws {
        try await withMirror(data: data) { origin in
            let unknown = try await run(["list", "nosuch", "--openapi", "\(origin)/openapi.json"])
            #expect(unknown.status == 2)
            #expect(unknown.stderr.contains("'nosuch' is not a list of the document (character, location, episode, pokemon,"), "\(unknown.stderr)")
            #expect(unknown.stdout.isEmpty)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("swagger-\(UInt32.random(in: 0...UInt32.max)).json")
            try #"{"swagger":"2.0","info":{"title":"t","version":"1"},"paths":{}}"#.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let swagger = try await run(["list", "things", "--openapi", file.path])
            #expect(swagger.status == 2)
            #expect(swagger.stderr.contains("Swagger 2.0 is not read"), "\(swagger.stderr)")
            let missing = try await run(["list", "things", "--openapi", "\(origin)/no/openapi.json"])
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("404"), "\(missing.stderr)")
        }
    }

    /// Spawns portal off the cooperative pool (the in-process mirror answers on it), with
    /// no key from the environment and no disk cache.
    private func run(_ arguments: [String]) async throws -> Spawn.Result {
        try await Spawn.portal(arguments)
    }
}
