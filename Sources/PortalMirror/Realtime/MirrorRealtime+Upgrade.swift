import HTTPTypes
import HummingbirdWebSocket
import PortalCore

extension MirrorState {
    /// `/realtime/v1/websocket`'s upgrade (`webSocketUpgrade` dispatches here by path):
    /// upgraded when its `apikey` and `vsn` pass (`MirrorRealtime.open`); otherwise it stays
    /// HTTP and `MirrorRoutes` answers it with the refusal. Logged with status 101.
    func realtimeUpgrade(_ request: HTTPTypes.HTTPRequest, routes: MirrorRoutes) -> ShouldUpgradeResult<SocketHandler> {
        let target = request.path ?? "/"
        let query = target.firstIndex(of: "?").map { target[target.index(after: $0)...] } ?? ""
        guard case .success(let opening) = routes.realtime.open(query: QueryString.pairs(query)) else { return .dontUpgrade }
        log.record(method: request.method.rawValue, target: Self.redactingKey(target), status: 101, since: .now, note: "websocket")
        let realtime = routes.realtime
        return .upgrade(HTTPFields()) { inbound, outbound, _ in
            await RealtimeConnection(realtime, opening, outbound).serve(inbound)
        }
    }

    /// The request target with its `apikey` value left out of the log.
    static func redactingKey(_ target: String) -> String {
        guard let mark = target.firstIndex(of: "?") else { return target }
        let pairs = target[target.index(after: mark)...].split(separator: "&").map { pair in
            pair.hasPrefix("apikey=") ? "apikey=REDACTED" : String(pair)
        }
        return String(target[..<mark]) + "?" + pairs.joined(separator: "&")
    }
}
