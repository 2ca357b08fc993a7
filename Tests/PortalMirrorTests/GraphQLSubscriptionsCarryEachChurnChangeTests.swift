import Foundation
import PortalCore
import PortalCurl
import PortalWebSocket
import PortalTestSupport
@testable import PortalMirror
import Testing
import PortalJSON

/// The mirror's `/graphql` over a real WebSocket (portal's client, `LibWebSocketsConnector` on libwebsockets):
/// `graphql-transport-ws` as graphql-ws's PROTOCOL.md has it, and `--churn`'s changes as
/// `Subscription.characterChanged` results, each exactly the change the mirror made.
@Suite(.timeLimit(.minutes(2))) struct GraphQLSubscriptionsCarryEachChurnChangeTests {
    static func with(churn: Int? = 20, oauthClients: [MirrorOAuth.Client] = [], _ body: (RunningMirror) async throws -> Void) async throws {
        try await MirrorServer.with(.inProcess { options in
            options.churn = churn
            options.oauthClients = oauthClients
        }, data: Mirror.data, body)
    }

    static func connect(_ m: RunningMirror, subprotocols: [String] = [GraphQLWSMessage.subprotocol]) async throws -> any WebSocketConnection {
        let url = try #require(URL(string: m.origin.replacingOccurrences(of: "http:", with: "ws:") + "/graphql"))
        return try await LibWebSocketsConnector().connect(WebSocketRequest(url: url, subprotocols: subprotocols))
    }

    /// The next message as the protocol reads it (nil: closed, with its code).
    static func next(_ socket: any WebSocketConnection) async throws -> (message: GraphQLWSMessage?, close: Int?) {
        switch try await socket.receive() {
        case .closed(let code, _): return (nil, code)
        case .message(.text(let text)): return (try GraphQLWSMessage.read(text).get(), nil)
        case .message(.binary): Issue.record("a binary message"); return (nil, nil)
        }
    }

    static func send(_ socket: any WebSocketConnection, _ message: GraphQLWSMessage) async throws {
        try await socket.send(.text(message.text))
    }

    /// A connection past `connection_ack`.
    static func acknowledged(_ m: RunningMirror) async throws -> any WebSocketConnection {
        let socket = try await connect(m)
        try await send(socket, .connectionInit(payload: nil))
        #expect(try await next(socket).message == .connectionAck(payload: nil))
        return socket
    }

    static let changes = "subscription { characterChanged { type number character { id name status } } }"

    @Test func eachChurnChangeIsOneResultExactlyAsTheMirrorMadeIt() async throws {
        try await Self.with { m in
            let churn = try #require(m.churn)
            let socket = try await Self.acknowledged(m)
            try await Self.send(socket, .subscribe(id: "a", GraphQLWSOperation(query: Self.changes)))
            var numbers: [Int] = []
            while numbers.count < 6 {
                guard case .next("a", let payload)? = try await Self.next(socket).message else { Issue.record("not a next"); return }
                let change = try #require(payload.node["data"]?["characterChanged"])
                guard case .number(let text)? = change["number"], let number = Int(text) else { Issue.record("no number"); return }
                let made = try #require(churn.changes(after: number - 1).changes?.first)
                #expect(change["type"]?.string == made.kind.rawValue)
                #expect(change["character"]?["id"]?.string == String(made.record.id))
                #expect(change["character"]?["name"]?.string == made.record.name)
                #expect(change["character"]?["status"]?.string == made.record.status.rawValue)
                numbers.append(number)
            }
            #expect(numbers == Array(numbers[0]..<numbers[0] + 6))
            // The client's complete stops it; the connection stays (a ping is answered).
            try await Self.send(socket, .complete(id: "a"))
            try await Self.send(socket, .ping(payload: try JSONNode.parse(Data(#"{"n":1}"#.utf8))))
            var pong = false
            while !pong {
                switch try await Self.next(socket).message {
                case .pong(let payload)?: pong = payload?.text == #"{"n":1}"#
                case .next("a", _)?: continue  // sent before the complete was read
                default: Issue.record("neither a result nor the pong"); return
                }
            }
            await socket.close(code: 1000, reason: "")
        }
    }

    @Test func aQueryIsAnsweredOnceAndARefusedOperationIsAnError() async throws {
        try await Self.with { m in
            let socket = try await Self.acknowledged(m)
            try await Self.send(socket, .subscribe(id: "q", GraphQLWSOperation(query: "query Q($id: ID!) { character(id: $id) { name } }", variables: #"{"id":"1"}"#)))
            guard case .next("q", let payload)? = try await Self.next(socket).message else { Issue.record("no result"); return }
            #expect(payload.text == #"{"data":{"character":{"name":"Rick Sanchez"}}}"#)
            #expect(try await Self.next(socket).message == .complete(id: "q"))
            try await Self.send(socket, .subscribe(id: "e", GraphQLWSOperation(query: "subscription { nothing }")))
            guard case .error("e", let messages)? = try await Self.next(socket).message else { Issue.record("no error"); return }
            #expect(messages.first?.contains("nothing") == true)
            await socket.close(code: 1000, reason: "")
        }
    }

    @Test func withoutChurnTheSchemaHasNoSubscription() async throws {
        try await Self.with(churn: nil) { m in
            let socket = try await Self.acknowledged(m)
            try await Self.send(socket, .subscribe(id: "1", GraphQLWSOperation(query: Self.changes)))
            guard case .error("1", let messages)? = try await Self.next(socket).message else { Issue.record("no error"); return }
            #expect(!messages.isEmpty)
            await socket.close(code: 1000, reason: "")
        }
    }

    /// Each rule's breach and the close code graphql-ws's PROTOCOL.md gives it.
    @Test func theProtocolsCloseCodes() async throws {
        try await Self.with { m in
            let plain = try await Self.connect(m, subprotocols: [])
            #expect(try await Self.next(plain).close == 4406)

            let early = try await Self.connect(m)
            try await Self.send(early, .subscribe(id: "1", GraphQLWSOperation(query: Self.changes)))
            #expect(try await Self.next(early).close == 4401)

            let twice = try await Self.acknowledged(m)
            try await Self.send(twice, .connectionInit(payload: nil))
            #expect(try await Self.next(twice).close == 4429)

            let same = try await Self.acknowledged(m)
            try await Self.send(same, .subscribe(id: "x", GraphQLWSOperation(query: Self.changes)))
            try await Self.send(same, .subscribe(id: "x", GraphQLWSOperation(query: Self.changes)))
            var code: Int?
            while code == nil { code = try await Self.next(same).close }
            #expect(code == 4409)

            let garbled = try await Self.acknowledged(m)
            try await garbled.send(.text("{not json"))
            #expect(try await Self.next(garbled).close == 4400)

            let server = try await Self.acknowledged(m)
            try await Self.send(server, .next(id: "1", payload: try JSONNode.parse(Data("{}".utf8))))
            #expect(try await Self.next(server).close == 4400)

            let binary = try await Self.acknowledged(m)
            try await binary.send(.binary([1, 2, 3]))
            #expect(try await Self.next(binary).close == 4400)

            // No connection_init: closed when graphql-ws's 3 s are up.
            let silent = try await Self.connect(m)
            #expect(try await Self.next(silent).close == 4408)
        }
    }

    /// `--oauth-client`: a connection without a token is closed with 4403 at its
    /// `connection_init`; the token in the init payload (or on the upgrade) lets it in.
    @Test func withOAuthTheTokenGoesOnTheUpgradeOrInTheInit() async throws {
        try await Self.with(oauthClients: [.init(id: "cli", secret: "s3cr3t")]) { m in
            let bare = try await Self.connect(m)
            try await Self.send(bare, .connectionInit(payload: nil))
            #expect(try await Self.next(bare).close == 4403)

            let basic = "Basic " + Data("cli:s3cr3t".utf8).base64EncodedString()
            let grant = try await CurlTransport().send(HTTPRequest(
                method: "POST", url: try #require(URL(string: m.origin + "/oauth/token")),
                headers: ["authorization": basic, "content-type": "application/x-www-form-urlencoded"], body: Data("grant_type=client_credentials".utf8)))
            let token = try #require(try JSONNode.parse(grant.body).node["access_token"]?.string)
            let signed = try await Self.connect(m)
            try await Self.send(signed, .connectionInit(payload: try JSONNode.parse(Data(#"{"headers":{"Authorization":"Bearer \#(token)"}}"#.utf8))))
            #expect(try await Self.next(signed).message == .connectionAck(payload: nil))
            await signed.close(code: 1000, reason: "")

            let url = try #require(URL(string: m.origin.replacingOccurrences(of: "http:", with: "ws:") + "/graphql"))
            let upgraded = try await LibWebSocketsConnector().connect(WebSocketRequest(
                url: url, headers: ["Authorization": "Bearer \(token)"], subprotocols: [GraphQLWSMessage.subprotocol]))
            try await Self.send(upgraded, .connectionInit(payload: nil))
            #expect(try await Self.next(upgraded).message == .connectionAck(payload: nil))
            await upgraded.close(code: 1000, reason: "")
        }
    }

    /// An upgrade the server refuses (another path stays HTTP) is an error at once.
    @Test func aRefusedUpgradeIsAnError() async throws {
        try await Self.with { m in
            let url = try #require(URL(string: m.origin.replacingOccurrences(of: "http:", with: "ws:") + "/api/character"))
            await #expect(throws: TransportError.connectionFailed("the server did not accept the WebSocket upgrade")) {
                _ = try await LibWebSocketsConnector().connect(WebSocketRequest(url: url, subprotocols: [GraphQLWSMessage.subprotocol]))
            }
        }
    }

    @Test func portalsFeedFollowsTheMirror() async throws {
        try await Self.with { m in
            let endpoint = try #require(URL(string: m.origin + "/graphql"))
            let live = GraphQLLiveQuery(query: "subscription PortalLive { characterChanged { type character { id name } } }",
                                        field: "characterChanged", recordField: "character", kindField: "type")
            let feed = GraphQLSubscriptionFeed(endpoint: endpoint, live: live, connector: LibWebSocketsConnector())
            struct Enough: Error {}
            var changes: [LiveChange] = []
            do {
                _ = try await feed.follow { signal in
                    if case .change(let change) = signal { changes.append(change) }
                    if changes.count == 4 { throw Enough() }
                }
            } catch is Enough {}
            #expect(changes.count == 4 && changes.allSatisfy { $0.kind != .upserted })
        }
    }
}
