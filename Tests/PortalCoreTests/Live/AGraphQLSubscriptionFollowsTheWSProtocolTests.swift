import Foundation
import PortalCore
import PortalTestSupport
import Synchronization
import Testing

/// `GraphQLSubscriptionFeed` against a scripted server: every message the client sends is
/// read back exactly, the watchdog's waits are stepped by hand, the backoff's recorded.
@Suite struct AGraphQLSubscriptionFollowsTheWSProtocolTests {
    /// The backoff's waits, in order.
    final class Waits: Sendable {
        private let list = Mutex<[Duration]>([])
        func add(_ duration: Duration) { list.withLock { $0.append(duration) } }
        var all: [Duration] { list.withLock { $0 } }
    }

    static let endpoint = URL(string: "https://api.example.com/graphql")!
    static let live = GraphQLLiveQuery(
        query: "subscription PortalLive { characterChanged { type character { id name } } }",
        field: "characterChanged", recordField: "character", kindField: "type")
    static let subscribe = #"{"id":"1","type":"subscribe","payload":{"query":"subscription PortalLive { characterChanged { type character { id name } } }"}}"#
    static let ack = #"{"type":"connection_ack"}"#

    static func next(_ type: String, _ id: Int, name: String = "Rick") -> String {
        #"{"id":"1","type":"next","payload":{"data":{"characterChanged":{"type":"\#(type)","character":{"id":"\#(id)","name":"\#(name)"}}}}}"#
    }

    /// A feed over `steps`, its backoff waits recorded, its watchdog stepped by `ticks`.
    static func feed(_ connector: ScriptedWebSocketConnector, ticks: ManualTicks, waits: Waits? = nil,
                     headers: [String: String] = [:], origin: Origin? = nil, maxBytes: Int = GraphQLWSMessage.defaultMaxBytes) -> GraphQLSubscriptionFeed {
        var feed = GraphQLSubscriptionFeed(endpoint: endpoint, headers: headers, credentialOrigin: origin, live: live, connector: connector)
        feed.tick = { try await ticks.wait($0) }
        feed.sleep = { duration in waits?.add(duration) }
        feed.maxMessageBytes = maxBytes
        return feed
    }

    /// Follows `feed` in a task; the signals and the end come back when it ends.
    static func follow(_ feed: GraphQLSubscriptionFeed) -> Task<(signals: [LiveSignal], end: String), any Error> {
        Task {
            var signals: [LiveSignal] = []
            let end = try await feed.follow { signals.append($0) }
            return (signals, end)
        }
    }

    /// Brings a scripted socket to a running subscription.
    static func open(_ socket: ScriptedWebSocket) async throws {
        #expect(try await socket.nextSent() == #"{"type":"connection_init"}"#)
        socket.push(text: ack)
        #expect(try await socket.nextSent() == subscribe)
    }

    static func changes(_ signals: [LiveSignal]) -> [String] {
        signals.compactMap { signal in
            guard case .change(let change) = signal else { return nil }
            return "\(change.kind.rawValue) \(change.key) \(change.record.text)"
        }
    }

    @Test func itSubscribesAfterTheAckAndEachNextIsAChangeUntilComplete() async throws {
        let socket = ScriptedWebSocket()
        let connector = ScriptedWebSocketConnector([.socket(socket)])
        let task = Self.follow(Self.feed(connector, ticks: ManualTicks()))
        try await Self.open(socket)
        socket.push(text: Self.next("created", 828))
        socket.push(text: Self.next("UPDATED", 5, name: "Goldenfold (edit 1)"))
        socket.push(text: Self.next("deleted", 7))
        socket.push(text: #"{"id":"1","type":"complete"}"#)
        let (signals, end) = try await task.value
        #expect(end == "the server completed the subscription")
        #expect(Self.changes(signals) == [
            #"created 828 {"id":"828","name":"Rick"}"#,
            #"updated 5 {"id":"5","name":"Goldenfold (edit 1)"}"#,
            #"deleted 7 {"id":"7","name":"Rick"}"#,
        ])
        #expect(signals.first == .status(.open) && signals.last == .status(.ended(end)))
        let request = try #require(connector.requests.first)
        #expect(connector.requests.count == 1 && request.subprotocols == ["graphql-transport-ws"] && request.url == Self.endpoint)
        #expect(socket.closes == [1000])
    }

    @Test func aPingIsAnsweredAndAQuietServerIsPingedThenTimedOut() async throws {
        let (first, second) = (ScriptedWebSocket(), ScriptedWebSocket())
        let ticks = ManualTicks()
        let waits = Waits()
        let connector = ScriptedWebSocketConnector([.socket(first), .socket(second)])
        let task = Self.follow(Self.feed(connector, ticks: ticks, waits: waits))
        try await Self.open(first)
        first.push(text: #"{"type":"ping","payload":{"at":1}}"#)
        #expect(try await first.nextSent() == #"{"type":"pong"}"#)
        ticks.fire()  // the ack came in time
        ticks.fire()  // a keep-alive period with nothing new since the ack's check: a ping
        #expect(try await first.nextSent() == #"{"type":"ping"}"#)
        first.push(text: #"{"type":"pong"}"#)
        first.push(text: #"{"type":"ping"}"#)
        #expect(try await first.nextSent() == #"{"type":"pong"}"#)  // both read before the next period
        ticks.fire()  // the server spoke: no ping
        ticks.fire()  // silent: a ping
        #expect(try await first.nextSent() == #"{"type":"ping"}"#)
        ticks.fire()  // still silent: timed out
        try await Self.open(second)
        second.push(.closed(code: 4403, reason: "Forbidden"))
        let (signals, end) = try await task.value
        #expect(first.closes == [1000])
        #expect(signals.contains(.status(.reconnecting(after: .seconds(1), because: "timed out: the server said nothing for 30 s, not even a pong"))))
        #expect(end == "the server closed the subscription (4403 Forbidden)")
        #expect(ticks.waits.prefix(6) == [.seconds(10), .seconds(15), .seconds(15), .seconds(15), .seconds(15), .seconds(10)])
        #expect(waits.all == [.seconds(1)] && connector.requests.count == 2)
    }

    @Test func noAckInTimeClosesWith4504AndConnectsAgain() async throws {
        let (first, second) = (ScriptedWebSocket(), ScriptedWebSocket())
        let ticks = ManualTicks()
        let connector = ScriptedWebSocketConnector([.socket(first), .socket(second)])
        let task = Self.follow(Self.feed(connector, ticks: ticks))
        #expect(try await first.nextSent() == #"{"type":"connection_init"}"#)
        ticks.fire()
        #expect(try await second.nextSent() == #"{"type":"connection_init"}"#)
        second.push(.closed(code: 4401, reason: "Unauthorized"))
        let (signals, end) = try await task.value
        #expect(first.closes == [4504])
        #expect(signals.first == .status(.reconnecting(after: .seconds(1), because: "no connection_ack within 10 s")))
        #expect(end == "the server closed the subscription (4401 Unauthorized)")
    }

    @Test func anErrorEndsTheFeedWithTheServersMessages() async throws {
        let socket = ScriptedWebSocket()
        let task = Self.follow(Self.feed(ScriptedWebSocketConnector([.socket(socket)]), ticks: ManualTicks()))
        try await Self.open(socket)
        socket.push(text: #"{"id":"1","type":"error","payload":[{"message":"Cannot query field \"x\""},{"message":"two"}]}"#)
        let (_, end) = try await task.value
        #expect(end == #"the server refused the subscription: Cannot query field "x"; two"#)
        #expect(socket.closes == [1000])
    }

    @Test(arguments: [
        ("not json", "a message that is not a JSON object"),
        (#"{"type":"surprise"}"#, "a message of unknown type surprise"),
        (#"{"type":"next","payload":{"data":{}}}"#, "a next message without an id"),
        (#"{"id":"9","type":"next","payload":{"data":{}}}"#, "a message for an operation portal did not ask (id 9)"),
        (#"{"type":"connection_init"}"#, "a message only a client sends"),
        (#"{"id":"1","type":"error","payload":[]}"#, "an error message whose payload is not a list of errors"),
    ])
    func aMalformedMessageClosesWith4400AndReconnects(message: String, why: String) async throws {
        let (first, second) = (ScriptedWebSocket(), ScriptedWebSocket())
        let task = Self.follow(Self.feed(ScriptedWebSocketConnector([.socket(first), .socket(second)]), ticks: ManualTicks()))
        try await Self.open(first)
        first.push(text: message)
        try await Self.open(second)
        second.push(.closed(code: 4400, reason: "bye"))
        let (signals, _) = try await task.value
        #expect(first.closes == [4400])
        #expect(signals.contains(.status(.reconnecting(after: .seconds(1), because: "the server sent \(why) (closed with 4400)"))))
    }

    @Test func aNextBeforeTheAckIsRefused() async throws {
        let socket = ScriptedWebSocket()
        let connector = ScriptedWebSocketConnector([.socket(socket), .refuse(.invalidRequest("end"))])
        let task = Self.follow(Self.feed(connector, ticks: ManualTicks()))
        #expect(try await socket.nextSent() == #"{"type":"connection_init"}"#)
        socket.push(text: Self.next("created", 1))
        let (signals, _) = try await task.value
        #expect(socket.closes == [4400])
        #expect(signals == [.status(.reconnecting(after: .seconds(1), because: "the server sent an operation's message before connection_ack (closed with 4400)"))])
    }

    @Test func anOversizedMessageIsRefusedAndATooBigCloseIsANote() async throws {
        let (first, second, third) = (ScriptedWebSocket(), ScriptedWebSocket(), ScriptedWebSocket())
        let waits = Waits()
        let connector = ScriptedWebSocketConnector([.socket(first), .socket(second), .socket(third)])
        let task = Self.follow(Self.feed(connector, ticks: ManualTicks(), waits: waits, maxBytes: 200))
        try await Self.open(first)
        first.push(text: Self.next("created", 1, name: String(repeating: "x", count: 300)))
        try await Self.open(second)
        second.push(text: Self.next("created", 2))
        second.push(.closed(code: 1009, reason: "the server sent a message larger than the limit"))
        try await Self.open(third)
        third.push(.closed(code: 4429, reason: "Too many initialisation requests"))
        let (signals, end) = try await task.value
        #expect(signals.contains(.status(.reconnecting(after: .seconds(1), because: "the server sent a message of more than 200 bytes (closed with 4400)"))))
        #expect(signals.contains(.status(.reconnecting(after: .seconds(1), because: "the connection closed (1009 the server sent a message larger than the limit)"))))
        #expect(Self.changes(signals).count == 1)
        #expect(end == "the server closed the subscription (4429 Too many initialisation requests)")
        // No change on the first connection: the wait doubles; a change on the second: back to 1 s.
        #expect(waits.all == [.seconds(1), .seconds(1)])
    }

    @Test(arguments: [(4400, true), (4401, true), (4403, true), (4406, true), (4409, true), (4429, true), (1002, true),
                      (4408, false), (1000, false), (1001, false), (1011, false), (4500, false)])
    func closeCodesEndTheFeedOrReconnect(code: Int, final: Bool) async throws {
        let socket = ScriptedWebSocket()
        let task = Self.follow(Self.feed(ScriptedWebSocketConnector([.socket(socket), .refuse(.invalidRequest("end"))]), ticks: ManualTicks()))
        try await Self.open(socket)
        socket.push(.closed(code: code, reason: "why"))
        let (signals, end) = try await task.value
        if final {
            #expect(end == "the server closed the subscription (\(code) why)")
        } else {
            #expect(signals.contains(.status(.reconnecting(after: .seconds(1), because: "the connection closed (\(code) why)"))))
            #expect(end == TransportError.invalidRequest("end").description)
        }
    }

    @Test func credentialsGoOnlyToTheListsOrigin() async throws {
        let socket = ScriptedWebSocket()
        let connector = ScriptedWebSocketConnector([.socket(socket)])
        let same = Origin(scheme: "https", host: "api.example.com", port: nil)
        let task = Self.follow(Self.feed(connector, ticks: ManualTicks(), headers: ["Authorization": "Bearer s3cret"], origin: same))
        #expect(try await socket.nextSent() == #"{"type":"connection_init","payload":{"headers":{"Authorization":"Bearer s3cret"}}}"#)
        socket.push(.closed(code: 4403, reason: ""))
        _ = try await task.value
        #expect(connector.requests.first?.headers == ["Authorization": "Bearer s3cret"])

        let elsewhere = ScriptedWebSocket()
        let other = ScriptedWebSocketConnector([.socket(elsewhere)])
        let otherOrigin = Origin(scheme: "https", host: "list.example.com", port: nil)
        let away = Self.follow(Self.feed(other, ticks: ManualTicks(), headers: ["Authorization": "Bearer s3cret"], origin: otherOrigin))
        #expect(try await elsewhere.nextSent() == #"{"type":"connection_init"}"#)
        elsewhere.push(.closed(code: 4403, reason: ""))
        let (signals, _) = try await away.value
        #expect(other.requests.first?.headers == [:])
        #expect(signals.first == .status(.note("the subscription's URL is not on the list's origin: asked without the list's credentials")))
    }

    @Test func refusedConnectionsBackOffAndAnInvalidURLEnds() async throws {
        let waits = Waits()
        let refusal = ScriptedWebSocketConnector.Step.refuse(.cannotConnect("refused"))
        let connector = ScriptedWebSocketConnector([refusal, refusal, refusal, .refuse(.invalidRequest("not a WebSocket URL"))])
        let (signals, end) = try await Self.follow(Self.feed(connector, ticks: ManualTicks(), waits: waits)).value
        #expect(waits.all == [.seconds(1), .seconds(2), .seconds(4)])
        #expect(end == TransportError.invalidRequest("not a WebSocket URL").description)
        #expect(signals.count == 3 && connector.requests.count == 4)
    }
}
