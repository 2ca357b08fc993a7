import Foundation
import PortalCore
import PortalCurl
import PortalWebSocket
import PortalTestSupport
@testable import PortalMirror
import Testing

/// portal's WebSocket client (`LibWebSocketsConnector`) against the mirror's real
/// WebSocket server (hummingbird-websocket): the upgrade with a subprotocol, messages both
/// ways, a ping from portal's side answered, and the closing handshake.
@Suite(.timeLimit(.minutes(1))) struct TheWebSocketClientTalksToTheMirrorAndClosesTests {
    @Test func theMirrorsGraphQLSocketTalksAndCloses() async throws {
        try await MirrorServer.with(.inProcess(), data: Mirror.data) { m in
            let url = try #require(URL(string: m.origin.replacingOccurrences(of: "http:", with: "ws:") + "/graphql"))
            let socket = try await LibWebSocketsConnector().connect(WebSocketRequest(url: url, subprotocols: [GraphQLWSMessage.subprotocol]))
            try await socket.send(.text(GraphQLWSMessage.connectionInit(payload: nil).text))
            #expect(try await socket.receive() == .message(.text(GraphQLWSMessage.connectionAck(payload: nil).text)))
            try await socket.send(.text(GraphQLWSMessage.ping(payload: nil).text))
            #expect(try await socket.receive() == .message(.text(GraphQLWSMessage.pong(payload: nil).text)))
            await socket.close(code: 1000, reason: "done")
            #expect(try await socket.receive() == .closed(code: 1000, reason: "done"))
        }
    }
}
