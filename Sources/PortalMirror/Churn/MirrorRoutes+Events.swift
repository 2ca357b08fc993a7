import Foundation
import Hummingbird
import PortalCore
import PortalServers

extension MirrorRoutes {
    /// The answer for `GET /api/character/events` (`ChurnEventStream`): the stream with
    /// `--churn`, behind `--oauth-client`'s token when given; a 404 saying how to turn it
    /// on without. Nil for any other request.
    func eventStream(method: String, target: String, headers: [String: String]) -> Response? {
        let path = target.prefix { $0 != "?" }
        guard path == ChurnEventStream.path || path == ChurnEventStream.path + "/" else { return nil }
        guard let churn else {
            return MirrorResponder.convert(RickAndMortyRules.error(404, "There is nothing here: start portal-mirror with --churn N to stream changes"))
        }
        guard method == "GET" else {
            var refusal = RickAndMortyRules.error(405, "Method Not Allowed")
            refusal.headers["allow"] = "GET"
            return MirrorResponder.convert(refusal)
        }
        if let refusal = oauth?.refusal(headers: headers) { return MirrorResponder.convert(refusal) }
        return ChurnEventStream.response(churn, lastEventID: headers["last-event-id"], publicRoot: publicRoot, heartbeat: eventsHeartbeat)
    }
}
