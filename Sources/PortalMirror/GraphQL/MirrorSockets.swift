import Foundation
import HTTPTypes
import HummingbirdWebSocket
import enum PortalCore.GraphQLWSMessage

extension MirrorState {
    typealias SocketHandler = WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>

    /// Which requests become WebSockets (`MirrorServer`'s upgrade hook): `/graphql`, for
    /// `graphql-transport-ws` (`MirrorGraphQL.serveSocket`). Any other request, and one
    /// before the routes are installed, stays HTTP and is answered by `MirrorResponder`.
    /// The upgrade is logged (status 101); faults and the rate limit apply to HTTP only.
    func webSocketUpgrade(_ request: HTTPTypes.HTTPRequest) -> ShouldUpgradeResult<SocketHandler> {
        let target = request.path ?? "/"
        let path = target.prefix { $0 != "?" }
        if path == MirrorRealtime.path, let routes = current { return realtimeUpgrade(request, routes: routes) }  // K5: Supabase Realtime
        guard let routes = current, path == MirrorGraphQL.path || path == MirrorGraphQL.path + "/" else { return .dontUpgrade }
        let offered = request.headerFields[values: .secWebSocketProtocol]
            .flatMap { $0.split(separator: ",") }
            .contains { $0.trimmingCharacters(in: .whitespaces) == GraphQLWSMessage.subprotocol }
        var headers: [String: String] = [:]
        for field in request.headerFields { headers[field.name.canonicalName] = field.value }
        let oauth = routes.oauth
        // `--oauth-client`: a token on the upgrade, or else in `connection_init`.
        let upgradeAuthorized = oauth?.refusal(headers: headers) == nil
        log.record(method: request.method.rawValue, target: target, status: 101, since: .now, note: "websocket")
        var answer = HTTPFields()
        if offered { answer[.secWebSocketProtocol] = GraphQLWSMessage.subprotocol }
        return .upgrade(answer) { inbound, outbound, _ in
            await routes.graphQL.serveSocket(inbound, outbound, offered: offered) { payload in
                guard let oauth, !upgradeAuthorized else { return true }
                let given = payload?.node["headers"]?.fields?.first { $0.key.lowercased() == "authorization" }?.value.node.string
                    ?? payload?.node.fields?.first { $0.key.lowercased() == "authorization" }?.value.node.string
                return given.map { oauth.refusal(headers: ["authorization": $0]) == nil } ?? false
            }
        }
    }
}
