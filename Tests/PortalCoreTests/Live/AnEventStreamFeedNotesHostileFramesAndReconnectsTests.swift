import Foundation
import PortalCore
import Synchronization
import Testing

/// `EventSourceFeed`, the browser's server-sent events feed (issue 38, items 2 and 6): a
/// hostile stream becomes statuses the status line says — a frame that is not JSON, a
/// record without its key, an event over the size limit, a reset — while the good
/// changes between them still come through, and a redirect to another origin ends it
/// with its reason. Over `AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests`' scripted transport.
@Suite struct AnEventStreamFeedNotesHostileFramesAndReconnectsTests {
    static func follow(_ chunks: [String], then last: AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests.Script.Outcome? = nil, maxEventBytes: Int = 1 << 20) async throws -> (signals: [LiveSignal], end: String) {
        let script = AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests.Script([.stream(chunks: chunks)] + (last.map { [$0] } ?? []))
        var source = EventSource(url: AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests.list, headers: ["Authorization": "Bearer k"], credentialOrigin: SplitURL(AnEventSourceReconnectsBacksOffAndKeepsToItsOriginTests.list.absoluteString)?.origin)
        source.maxEventBytes = maxEventBytes
        source.sleep = { _ in }
        let feed = EventSourceFeed(source: source, reader: ChangeReader(keyFields: ["id"]), transport: script)
        var signals: [LiveSignal] = []
        let end = try await feed.follow { signals.append($0) }
        return (signals, end)
    }

    @Test func hostileFramesAreNotesAndTheGoodChangesStillCome() async throws {
        let (signals, end) = try await Self.follow([
            "id: 1\ndata: {not json\n\n",
            "id: 2\ndata: {\"type\":\"created\",\"record\":{\"name\":\"no key\"}}\n\n",
            "id: 3\ndata: " + String(repeating: "x", count: 300) + "\n\n",
            "id: 4\ndata: {\"type\":\"updated\",\"record\":{\"id\":7,\"name\":\"Seven\"}}\n\n",
            "id: 5\nevent: reset\ndata: events after 1 are no longer kept\n\n",
            "event: ping\ndata: 12:00\n\n",
        ], then: .stream(status: 302, headers: ["location": "https://elsewhere.example/events"], chunks: []), maxEventBytes: 200)
        let statuses = signals.compactMap { if case .status(let s) = $0 { s } else { nil } }
        #expect(statuses.first == .open)
        #expect(statuses.contains(.note("event 1: an event whose data is not JSON")))
        #expect(statuses.contains(.note("event 2: an event whose record has no key (id)")))
        #expect(statuses.contains(.note("an event larger than 200 bytes was skipped")))
        #expect(statuses.contains { if case .reset = $0 { true } else { false } })
        let changes = signals.compactMap { if case .change(let c) = $0 { c } else { nil } }
        #expect(changes.map(\.key) == [.number(7)] && changes.first?.kind == .updated && changes.first?.eventID == "4")
        #expect(end == "the stream redirects to another origin (https://elsewhere.example); portal does not follow it")
    }

    @Test func aDroppedStreamSaysItReconnectsWithItsWait() async throws {
        let (signals, _) = try await Self.follow(["id: 1\ndata: {\"id\":1}\n\n"], then: .fail(.timedOut(.idle(seconds: 45))))
        let statuses = signals.compactMap { if case .status(let s) = $0 { s } else { nil } }
        #expect(statuses.contains { if case .reconnecting(let after, _) = $0 { after == .seconds(3) } else { false } })
    }
}
