import Foundation
import PortalCore
import PortalCurl
import PortalServers
import PortalTestSupport
@testable import PortalMirror
import Testing

/// `--churn N`: the characters change N times a second, the same changes for the same
/// seed, every change an event on `/api/character/events` (with `id:`, replayed after
/// `Last-Event-ID`), and the list answers agree with the events.
@Suite struct ChurnEventsAgreeWithTheListAnswersTests {
    /// Runs `body` against a mirror churning `rate` times a second by `clock`.
    static func with(rate: Int, clock: ManualClock, _ body: (RunningMirror) async throws -> Void) async throws {
        var data = Mirror.data
        data.clock = { clock.now }
        try await MirrorServer.with(.inProcess { $0.churn = rate }, data: data, body)
    }

    /// Reads the events stream until `enough` says so; the items read, in order.
    static func read(_ m: RunningMirror, lastEventID: String? = nil, until enough: ([EventStreamItem], EventStreamParser) -> Bool) async throws -> (items: [EventStreamItem], parser: EventStreamParser) {
        let url = try #require(URL(string: m.origin + "/api/character/events"))
        var request = HTTPRequest(url: url)
        if let lastEventID { request.headers["Last-Event-ID"] = lastEventID }
        let response = try await CurlStreamTransport().open(request)
        #expect(response.status == 200 && response.headers["content-type"] == "text/event-stream; charset=utf-8")
        defer { response.body.close() }
        var parser = EventStreamParser()
        var items: [EventStreamItem] = []
        while !enough(items, parser), let chunk = try await response.body.next() {
            chunk.withUnsafeBytes { parser.feed($0) { items.append($0) } }
        }
        return (items, parser)
    }

    static func events(_ items: [EventStreamItem]) -> [ServerSentEvent] {
        items.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    @Test func aliveSlotsAgreeWithAPlainList() {
        var slots = AliveSlots(count: 50)
        var plain = Array(repeating: true, count: 50)
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            if generator.next() % 3 == 0 {
                slots.append()
                plain.append(true)
            } else if slots.alive > 0 {
                let position = Int(generator.next() % UInt64(slots.alive))
                let slot = slots.select(position)
                #expect(slot == plain.indices.filter { plain[$0] }[position])
                slots.remove(slot)
                plain[slot] = false
            }
            #expect(slots.alive == plain.filter { $0 }.count)
        }
        for slot in plain.indices {
            #expect(slots.isAlive(slot) == plain[slot])
            if plain[slot] { #expect(slots.rank(slot) == plain[..<slot].filter { $0 }.count) }
        }
    }

    @Test func theSameSeedMakesTheSameChanges() throws {
        func changes(seed: UInt64) throws -> [ChurnChange] {
            let clock = ManualClock()
            let made = CharacterChurn(base: ArrayTable(Mirror.data.rickAndMorty.characters), rate: 50, seed: seed, now: { clock.now })
            let churn = try #require(made)
            #expect(churn.changes(after: 0).changes == [])
            clock.advance(.seconds(2))
            return try #require(churn.changes(after: 0).changes)
        }
        let first = try changes(seed: 1)
        #expect(first.count == 100 && first.map(\.number) == Array(1...100))
        #expect(Set(first.map(\.kind)) == [.created, .updated, .deleted])
        #expect(try changes(seed: 1) == first)
        #expect(try changes(seed: 2) != first)
    }

    /// Every event over HTTP (replayed from the start with `Last-Event-ID: 0`) and the list
    /// answers after them: a created or updated record is served exactly as its last event
    /// carried it, a deleted one is gone, and the count adds up.
    @Test func theListAnswersAgreeWithTheEvents() async throws {
        let clock = ManualClock()
        try await Self.with(rate: 20, clock: clock) { m in
            clock.advance(.seconds(3))
            let (items, parser) = try await Self.read(m, lastEventID: "0") { items, _ in Self.events(items).count >= 60 }
            let events = Self.events(items)
            #expect(items.first == .retry(milliseconds: 1000))
            #expect(events.map(\.lastEventID) == (1...60).map(String.init))
            #expect(parser.lastEventID == "60")
            var last: [RecordKey: LiveChange] = [:]
            for event in events {
                guard case .change(let change) = ChangeReader().read(event) else { Issue.record("not a change: \(event)"); continue }
                #expect(change.kind.rawValue == event.type)
                last[change.key] = change
            }
            for (key, change) in last {
                let answer = try await Mirror.get(m, "/api/character/\(key)")
                if change.kind == .deleted {
                    #expect(answer.status == 404, "\(key)")
                } else {
                    #expect(answer.text == change.record.text, "\(key)")
                }
            }
            let created = events.filter { $0.type == "created" }.count
            let deleted = events.filter { $0.type == "deleted" }.count
            let info = try await Mirror.get(m, "/api/character").object()["info"] as? [String: Any]
            #expect(info?["count"] as? Int == Mirror.data.rickAndMorty.characters.count + created - deleted)
        }
    }

    @Test func aFreshConnectionStartsAtTheLatestChangeAndSaysSo() async throws {
        let clock = ManualClock()
        try await Self.with(rate: 10, clock: clock) { m in
            clock.advance(.seconds(2))
            let (items, parser) = try await Self.read(m) { _, parser in parser.lastEventID == "20" }
            #expect(items == [.retry(milliseconds: 1000)], "no event, but the last event id is the latest change's")
            #expect(parser.lastEventID == "20")
            // The stream then carries what happens next, and only that.
            let url = try #require(URL(string: m.origin + "/api/character/events"))
            let response = try await CurlStreamTransport().open(HTTPRequest(url: url))
            defer { response.body.close() }
            var reader = EventStreamParser()
            var seen: [ServerSentEvent] = []
            var advanced = false
            while seen.count < 5, let chunk = try await response.body.next() {
                chunk.withUnsafeBytes { reader.feed($0) { if case .event(let e) = $0 { seen.append(e) } } }
                if !advanced, reader.lastEventID == "20" {
                    clock.advance(.milliseconds(500))
                    advanced = true
                }
            }
            #expect(seen.map(\.lastEventID) == ["21", "22", "23", "24", "25"])
        }
    }

    @Test(arguments: ["abc", "999999", "-3"])
    func anIDTheLogDoesNotHoldGetsAReset(lastEventID: String) async throws {
        let clock = ManualClock()
        try await Self.with(rate: 10, clock: clock) { m in
            clock.advance(.seconds(1))
            let (items, parser) = try await Self.read(m, lastEventID: lastEventID) { items, _ in !Self.events(items).isEmpty }
            let reset = try #require(Self.events(items).first)
            #expect(reset.type == "reset" && reset.lastEventID == "10" && parser.lastEventID == "10")
            #expect(ChangeReader().read(reset) == .reset("events after \(lastEventID) are no longer kept (the mirror keeps the last 10000)"))
        }
    }

    @Test func aFilteredListFollowsTheChurn() async throws {
        let clock = ManualClock()
        try await Self.with(rate: 30, clock: clock) { m in
            #expect(try await Mirror.get(m, "/api/character?name=(edit").status == 404, "nothing edited yet")
            clock.advance(.seconds(2))
            let churn = try #require(m.churn)
            let changes = try #require(churn.changes(after: 0).changes)
            let edited = Set(changes.filter { $0.kind == .updated }.map(\.record.id))
                .subtracting(changes.filter { $0.kind == .deleted }.map(\.record.id))
            let answer = try await Mirror.get(m, "/api/character?name=(edit")
            #expect((try answer.object()["info"] as? [String: Any])?["count"] as? Int == edited.count)
        }
    }

    @Test func stoppingTheMirrorEndsAnOpenStream() async throws {
        let clock = ManualClock()
        try await Self.with(rate: 1, clock: clock) { m in
            let url = try #require(URL(string: m.origin + "/api/character/events"))
            let response = try await CurlStreamTransport().open(HTTPRequest(url: url))
            _ = try await response.body.next()
            await m.stop()
            // The body ends (cleanly, or as a connection the server closed).
            do { while try await response.body.next() != nil {} } catch is TransportError {}
        }
    }

    @Test func withoutChurnTheRouteSaysHowToTurnItOn() async throws {
        try await Mirror.with { m in
            let answer = try await Mirror.get(m, "/api/character/events")
            #expect(answer.status == 404 && answer.text.contains("--churn"))
        }
    }
}
