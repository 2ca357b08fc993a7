import Foundation
import PortalTestSupport
import Synchronization
import Testing

/// `portal list` against servers that misbehave on purpose: every run ends, with exit
/// status 1 and one line saying why, after a counted number of requests.
@Suite(.enabled(if: EndToEndEnvironment.portal != nil, "needs a built portal binary"), .serialized)
struct MisbehavingServersEndInOneLineEndToEndTests {
    /// A server that answers Rick and Morty pages through `pages(pageNumber, ownBaseURL)`.
    static func server(_ pages: @escaping @Sendable (_ page: Int, _ base: String) -> LoopbackServer.Answer) throws -> LoopbackServer {
        let base = Mutex("")
        let server = try LoopbackServer { head in
            let target = LoopbackServer.target(of: head)
            let page = target.range(of: "page=").flatMap { Int(target[$0.upperBound...].prefix { $0.isNumber }) } ?? 1
            return pages(page, base.withLock { $0 })
        }
        base.withLock { $0 = server.baseURL }
        return server
    }

    /// A page of characters `ids` whose `next` is the raw JSON `next` (a string or null).
    static func page(ids: [Int], next: String) -> LoopbackServer.Answer {
        let items = ids.map { id in
            #"{"id":\#(id),"name":"C\#(id)","status":"Alive","species":"Human","type":"","gender":"Male","origin":{"name":"unknown","url":""},"location":{"name":"unknown","url":""},"image":"","episode":[],"url":"","created":"2017-11-04T18:48:46.250Z"}"#
        }
        let body = #"{"info":{"count":826,"pages":42,"next":\#(next),"prev":null},"results":[\#(items.joined(separator: ","))]}"#
        return LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: body)
    }

    func list(_ server: LoopbackServer, _ extra: [String] = []) throws -> Spawn.Result {
        try Spawn.run(EndToEndEnvironment.portal ?? "portal", ["list", "characters", "--no-cache", "--base-url", server.baseURL + "/api"] + extra,
                      environment: ProcessInfo.processInfo.environment, scratch: FileManager.default.temporaryDirectory)
    }

    /// Page 2's `next` points back at page 1, at itself, or at what the server reads as page 1:
    /// both pages' items are printed (issue 35, item 15: every item read), then the run
    /// stops on one line, exit 1, without a third request.
    @Test(arguments: ["?page=1", "?page=2", "?page=0", "?page=-5", "?page=1e3", ""])
    func aNextLinkThatGoesRoundStopsTheList(link: String) async throws {
        try await offThePool {
            let server = try Self.server { page, base in
                page == 1
                    ? Self.page(ids: Array(1...20), next: "\"\(base)/api/character?page=2\"")
                    : Self.page(ids: Array(21...40), next: "\"\(base)/api/character\(link)\"")
            }
            defer { server.stop() }
            let result = try list(server)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains("next link") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(server.requestCount == 2)
            #expect(result.stdout.split(separator: "\n").count == 40)
        }
    }

    @Test func aNextLinkToAnotherListIsRefused() async throws {
        try await offThePool {
            let server = try Self.server { _, base in Self.page(ids: Array(1...20), next: "\"\(base)/api/episode?page=2\"") }
            defer { server.stop() }
            let result = try list(server)
            #expect(result.status == 1 && result.stderr.contains("leaves this list"), "\(result.stderr)")
            #expect(server.requestCount == 1)
        }
    }

    @Test func emptyPagesWithANextStopAfterThree() async throws {
        try await offThePool {
            let server = try Self.server { page, base in Self.page(ids: [], next: "\"\(base)/api/character?page=\(page + 1)\"") }
            defer { server.stop() }
            let result = try list(server)
            #expect(result.status == 1 && result.stderr.contains("nothing new"), "\(result.stderr)")
            #expect(server.requestCount == 3)
        }
    }

    /// An endless 200: stopped at the 8 MiB cap, exit 1 with why, one request (not retried),
    /// and portal's peak memory stays within the cap and a little more of what a one-page
    /// list costs: the body is read with back-pressure, not buffered as fast as it comes.
    @Test func anEndlessBodyIsCutOffAtTheCap() throws {
        let small = try Self.server { _, _ in Self.page(ids: Array(1...20), next: "null") }
        defer { small.stop() }
        let baseline = try list(small)
        #expect(baseline.status == 0, "\(baseline.stderr)")

        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 97, count: 65536) + Array("\r\n".utf8)
        let server = try LoopbackServer { _ in
            .stream(head: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", chunk: chunk, count: nil)
        }
        defer { server.stop() }
        let result = try list(server)
        #expect(result.status == 1 && result.stderr.contains("larger than 8 MiB"), "\(result.stderr)")
        #expect(server.requestCount == 1)
        let growthKiB = result.peakMemoryKiB - baseline.peakMemoryKiB
        #expect(growthKiB < 64 * 1024, "peak \(result.peakMemoryKiB / 1024) MiB, \(growthKiB / 1024) MiB over a one-page list")
    }

    @Test func aContentLengthOverTheCapIsRefused() async throws {
        try await offThePool {
            let server = try LoopbackServer { _ in
                .stream(head: "HTTP/1.1 200 OK\r\nContent-Length: 2000000000\r\n\r\n", chunk: [UInt8](repeating: 32, count: 65536), count: nil)
            }
            defer { server.stop() }
            let result = try list(server)
            #expect(result.status == 1 && result.stderr.contains("larger than 8 MiB"), "\(result.stderr)")
            #expect(server.requestCount == 1)
        }
    }

    @Test func aRefusedConnectionIsReportedAfterThreeAttempts() async throws {
        try await offThePool {
            let closed = try LoopbackServer { _ in .drop }
            closed.stop()
            let trace = FileManager.default.temporaryDirectory.appendingPathComponent("refused-\(UInt32.random(in: 0...UInt32.max)).jsonl")
            defer { try? FileManager.default.removeItem(at: trace) }
            let result = try list(closed, ["--trace", trace.path])
            #expect(result.status == 1 && result.stderr.contains("refused the connection"), "\(result.stderr)")
            let requests = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            #expect(requests.count == 3)
        }
    }

    @Test func aRedirectToAnotherServerIsNotFollowed() async throws {
        try await offThePool {
            let elsewhere = try Self.server { _, _ in Self.page(ids: [666], next: "null") }
            defer { elsewhere.stop() }
            let target = elsewhere.baseURL + "/api/character"
            let server = try LoopbackServer { _ in LoopbackServer.response("301 Moved Permanently", headers: ["Location": target], body: "") }
            defer { server.stop() }
            let result = try list(server)
            #expect(result.status == 1 && result.stderr.contains("not followed"), "\(result.stderr)")
            #expect(server.requestCount == 1 && elsewhere.requestCount == 0)
        }
    }

    @Test func aDeepPageIsAMalformedPageNotACrash() async throws {
        try await offThePool {
            let deep = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
            let body = #"{"info":{"count":1,"next":null},"results":[],"x":\#(deep)}"#
            let server = try LoopbackServer { _ in LoopbackServer.response("200 OK", body: body) }
            defer { server.stop() }
            let result = try list(server)
            #expect(result.status == 1 && result.stderr.contains("malformed page: answer too deeply nested"), "\(result.stderr)")
            #expect(server.requestCount == 2, "the same undecodable bytes twice end the retries")
        }
    }
}
