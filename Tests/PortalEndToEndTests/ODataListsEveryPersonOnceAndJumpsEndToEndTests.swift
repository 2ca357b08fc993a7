import Foundation
import PortalTestSupport
import Testing

/// `portal list --url` on an OData service (a loopback server answering as TripPin does:
/// `value`, `@odata.count`, `@odata.nextLink` with `$skip`): every person once, the total
/// and the jumps said by `--explain`, and `--from` deep in the list costing the first page
/// and the page that holds it, not a walk.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct ODataListsEveryPersonOnceAndJumpsEndToEndTests {
    static let people = 23

    /// `/People?$count=true&$top=N[&$skip=M]`: people M+1… of 23, the next link while any are left.
    static func serve() throws -> LoopbackServer {
        try LoopbackServer { head in
            let target = LoopbackServer.target(of: head)
            guard let url = URL(string: "http://127.0.0.1" + target), url.path == "/People" else {
                return LoopbackServer.response("404 Not Found", body: "{}")
            }
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let top = query.first { $0.name == "$top" }.flatMap { $0.value.flatMap(Int.init) } ?? 5
            let skip = query.first { $0.name == "$skip" }.flatMap { $0.value.flatMap(Int.init) } ?? 0
            let shown = skip < people ? Array(skip..<min(people, skip + top)) : []
            var body = #"{"@odata.context":"http://127.0.0.1/$metadata#People","@odata.count":\#(people),"value":["#
            body += shown.map { #"{"UserName":"person\#($0 + 1)","FirstName":"P\#($0 + 1)"}"# }.joined(separator: ",") + "]"
            if skip + top < people {
                body += #","@odata.nextLink":"/People?%24count=true&%24top=\#(top)&%24skip=\#(skip + top)""#
            }
            return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: body + "}")
        }
    }

    @Test func everyPersonOnceWithTheTotalAndTheJumpsSaid() async throws {
        let server = try Self.serve()
        defer { server.stop() }
        let result = try await run(["list", "--url", "http://127.0.0.1:\(server.port)/People?$count=true&$top=5", "--json", "--explain"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == Self.people)
        #expect(lines.first?.contains(#""UserName":"person1""#) == true && lines.last?.contains(#""UserName":"person23""#) == true)
        #expect(result.stderr.contains("@odata.count") && result.stderr.contains("$skip=N×size"), "\(result.stderr)")
        #expect(server.requestCount == 5)
    }

    @Test func aRangeDeepInTheListAsksForThePageThatHoldsIt() async throws {
        let server = try Self.serve()
        defer { server.stop() }
        let result = try await run(["list", "--url", "http://127.0.0.1:\(server.port)/People?$count=true&$top=5", "--json", "--from", "22"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.first?.contains(#""UserName":"person22""#) == true, "\(result.stdout)")
        // The first page (which says how the list pages) and the fifth; nothing between.
        #expect(server.requestCount == 2)
    }

    /// Spawns portal off the cooperative pool, with no key from the environment and no disk cache.
    private func run(_ arguments: [String]) async throws -> Spawn.Result {
        try await Spawn.portal(arguments)
    }
}
