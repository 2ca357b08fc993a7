import Foundation
import PortalCore
import Synchronization
import Testing

/// `EventSource`: reconnection with `Last-Event-ID` and `retry:`, backoff, what ends a
/// stream for good, and where credentials go — against a scripted transport, every
/// request and every wait counted.
@Suite struct AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests {
    /// Answers each `open` with the next scripted outcome and records the requests.
    final class Script: StreamingTransport, Sendable {
        enum Outcome: Sendable {
            case stream(status: Int = 200, headers: [String: String] = ["content-type": "text/event-stream"], chunks: [String], thenFail: TransportError? = nil)
            case fail(TransportError)
        }
        private let outcomes: Mutex<[Outcome]>
        let requests = Mutex<[HTTPRequest]>([])

        init(_ outcomes: [Outcome]) { self.outcomes = Mutex(outcomes) }

        func open(_ request: HTTPRequest) async throws -> StreamingResponse {
            requests.withLock { $0.append(request) }
            let next = outcomes.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            switch next {
            case .stream(let status, let headers, let chunks, let failure)?:
                let left = Mutex(chunks.map { Array($0.utf8) })
                return StreamingResponse(status: status, headers: headers, body: StreamBody(next: {
                    if let chunk = left.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return chunk }
                    if let failure { throw failure }
                    return nil
                }, close: {}))
            case .fail(let error)?:
                throw error
            case nil:
                // The script is over: the server says stop.
                return StreamingResponse(status: 204, headers: [:], body: StreamBody(next: { nil }, close: {}))
            }
        }
    }

    static let list = URL(string: "http://127.0.0.1:9/api/character/events")!

    static func follow(_ source: EventSource, _ script: Script) async throws -> (signals: [EventSource.Signal], end: String, waits: [Duration]) {
        var source = source
        let waits = Mutex<[Duration]>([])
        source.sleep = { wait in waits.withLock { $0.append(wait) } }
        var signals: [EventSource.Signal] = []
        let end = try await source.run(over: script) { signals.append($0) }
        return (signals, end, waits.withLock { $0 })
    }

    @Test func aReconnectionCarriesTheLastEventIDAndWaitsTheServersRetry() async throws {
        let script = Script([
            .stream(chunks: ["retry: 250\nid: 1\ndata: a\n\n", "id: 2\ndata: b\n\nid: 3\ndata: half"]),
            .stream(chunks: ["id: 3\ndata: c\n\n"], thenFail: .timedOut(.idle(seconds: 45))),
        ])
        let (signals, end, waits) = try await Self.follow(EventSource(url: Self.list), script)
        let events = signals.compactMap { if case .event(let e) = $0 { e } else { nil } }
        #expect(events.map(\.data) == ["a", "b", "c"])
        let sent = script.requests.withLock { $0 }
        #expect(sent.count == 3)
        #expect(sent.map { $0.headers["Last-Event-ID"] } == [nil, "2", "3"], "the half-read event 3 is not counted")
        #expect(waits == [.milliseconds(250), .milliseconds(250)])
        #expect(signals.contains(.reconnecting(after: .milliseconds(250), because: "timed out: no data from the server for 45 s")))
        #expect(end == "the server ended the stream (HTTP 204)")
    }

    @Test func connectionsThatGiveNothingBackOffDoublingUpToTheMost() async throws {
        var source = EventSource(url: Self.list)
        source.initialRetry = .seconds(1)
        source.maxBackoff = .seconds(5)
        let script = Script([.fail(.cannotConnect("x")), .stream(status: 503, chunks: []), .fail(.cannotConnect("x")),
                             .fail(.cannotConnect("x")), .stream(chunks: ["data: ok\n\n"]), .fail(.cannotConnect("x"))])
        let (_, _, waits) = try await Self.follow(source, script)
        #expect(waits == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(1), .seconds(2)])
    }

    @Test(arguments: [(204, "the server ended the stream (HTTP 204)"), (404, "HTTP 404"), (401, "HTTP 401")])
    func statusesThatEndTheStreamForGood(status: Int, why: String) async throws {
        let script = Script([.stream(status: status, chunks: ["data: never\n\n"])])
        let (signals, end, waits) = try await Self.follow(EventSource(url: Self.list), script)
        #expect(end == why && signals.isEmpty && waits.isEmpty)
    }

    @Test func anAnswerThatIsNotAnEventStreamEndsIt() async throws {
        let script = Script([.stream(headers: ["content-type": "application/json"], chunks: ["{}"])])
        #expect(try await Self.follow(EventSource(url: Self.list), script).end == "the answer is application/json, not text/event-stream")
    }

    @Test func aRedirectWithinTheOriginIsFollowedWithTheCredentials() async throws {
        let script = Script([.stream(status: 307, headers: ["location": "/v2/events"], chunks: []), .stream(chunks: ["data: a\n\n"])])
        var source = EventSource(url: Self.list, headers: ["Authorization": "Bearer k"], credentialOrigin: SplitURL(Self.list.absoluteString)?.origin)
        source.maxRedirects = 2
        _ = try await Self.follow(source, script)
        let sent = script.requests.withLock { $0 }
        #expect(sent.prefix(2).map(\.url.absoluteString) == [Self.list.absoluteString, "http://127.0.0.1:9/v2/events"])
        #expect(sent.prefix(2).allSatisfy { $0.headers["Authorization"] == "Bearer k" })
    }

    @Test func aRedirectToAnotherOriginStopsWithANoteAndSendsNothingThere() async throws {
        let script = Script([.stream(status: 302, headers: ["location": "https://elsewhere.example/events"], chunks: [])])
        let source = EventSource(url: Self.list, headers: ["Authorization": "Bearer k"], credentialOrigin: SplitURL(Self.list.absoluteString)?.origin)
        let (_, end, waits) = try await Self.follow(source, script)
        #expect(end == "the stream redirects to another origin (https://elsewhere.example); portal does not follow it")
        #expect(script.requests.withLock { $0.count } == 1 && waits.isEmpty)
    }

    @Test func anEventsURLOffTheListsOriginIsAskedWithoutCredentials() async throws {
        let script = Script([.stream(chunks: ["data: a\n\n"])])
        let source = EventSource(url: URL(string: "http://127.0.0.1:10/events")!, headers: ["Authorization": "Bearer k"],
                                 credentialOrigin: SplitURL(Self.list.absoluteString)?.origin)
        let (signals, _, _) = try await Self.follow(source, script)
        #expect(signals.first == .note("the events URL is not on the list's origin: asked without the list's credentials"))
        #expect(script.requests.withLock { $0.allSatisfy { $0.headers["Authorization"] == nil } })
    }

    @Test func aTooLargeEventIsANoteAndTheStreamGoesOn() async throws {
        var source = EventSource(url: Self.list)
        source.maxEventBytes = 64
        let script = Script([.stream(chunks: ["data: " + String(repeating: "x", count: 500) + "\n\n", "data: next\n\n"])])
        let (signals, _, _) = try await Self.follow(source, script)
        #expect(signals.prefix(3) == [.opened, .note("an event larger than 64 bytes was skipped"), .event(ServerSentEvent(data: "next"))])
    }
}
