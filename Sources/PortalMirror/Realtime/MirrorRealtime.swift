import Foundation
import PortalCore
import PortalDemoModels
import PortalServers
import PortalJSON

/// Supabase Realtime at `/realtime/v1/websocket?apikey=KEY&vsn=1.0.0`: the Phoenix channels
/// protocol Realtime speaks (`RealtimeConnection`), and `--churn`'s changes of the
/// `characters` table pushed as `postgres_changes` in its exact payload shape
/// (`RealtimeChangeData`), so portal's `--live` and Supabase's own clients have a local
/// server that keeps Realtime's rules.
///
/// The upgrade needs the `apikey` query parameter (Realtime's `API key is missing`, 401);
/// with `--require-key` it must be the key (PostgREST's 401 bodies, as on `/rest/v1`). A
/// `vsn` other than 1.x or 2.x is refused (400).
struct MirrorRealtime: Sendable {
    static let path = "/realtime/v1/websocket"
    /// The tables a join may bind (the project's publication); only `characters` changes.
    static let tables: Set<String> = ["characters", "episodes", "locations", "pokemon"]

    let churn: CharacterChurn?
    let keyGate: APIKeyGate?
    let auth: MirrorAuth?
    let encoding: APIJSONEncoding
    /// Tokens renewed and channels shut for their token (`RunningMirror.realtime`).
    let ledger = RealtimeLedger()

    /// What a connection asked for and may do, once its upgrade is let through.
    struct Opening: Sendable {
        var serializer: PhoenixSerializer
        /// The socket's token: joins without `access_token` use it.
        var apiKey: String
    }

    /// The upgrade's verdict: an opening, or the HTTP answer that refuses it.
    func open(query: [(key: String, value: String)]) -> Result<Opening, ResponseRefusal> {
        let key = query.last { $0.key == "apikey" }?.value
        guard let key, !key.isEmpty else {
            return .failure(ResponseRefusal(Self.error(401, "API key is missing")))
        }
        if let refusal = keyGate?.refusal(headers: ["apikey": key]) { return .failure(ResponseRefusal(refusal)) }
        guard let serializer = PhoenixSerializer(vsn: query.last { $0.key == "vsn" }?.value) else {
            return .failure(ResponseRefusal(Self.error(400, "unsupported vsn: only 1.0.0 and 2.0.0 are served")))
        }
        return .success(Opening(serializer: serializer, apiKey: key))
    }

    /// The answer to a request for the path that is no WebSocket upgrade (or a refused one).
    func httpAnswer(query: [(key: String, value: String)]) -> HTTPResponse {
        switch open(query: query) {
        case .failure(let refusal): refusal.response
        case .success: Self.error(400, "expected a WebSocket upgrade")
        }
    }

    struct ResponseRefusal: Error {
        let response: HTTPResponse
        init(_ response: HTTPResponse) { self.response = response }
    }

    /// Realtime's refusal body, `{"error": "…"}`.
    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        var w = JSONWriter()
        w.beginObject()
        w.field("error", message)
        w.endObject()
        return RickAndMortyRules.json(status, w.bytes)
    }

    // MARK: Tokens

    /// Whose rows a channel's token shows.
    enum Viewer: Sendable, Hashable {
        /// No sign-in on this mirror: every row.
        case everyone
        /// The anon key under `--auth-user`: row-level security shows no `characters` row
        /// (deletions are sent to every subscriber: Postgres cannot filter them by policy).
        case anonymous
        case user(RowVisibility, expiresAt: Date)

        /// Whether a change of row `id` (`deleted` or not) reaches this viewer.
        func sees(id: Int, deletion: Bool) -> Bool {
            switch self {
            case .everyone: true
            case .anonymous: deletion
            case .user(let visibility, _): deletion || visibility.owns(id: id)
            }
        }
    }

    /// What Realtime makes of an access token: a viewer, or why not (its messages:
    /// "Token has expired N seconds ago", "The token provided is not a valid JWT", the
    /// signature error of a token it did not sign).
    enum TokenCheck: Sendable, Equatable {
        case viewer(Viewer)
        case expired(String)
        case malformed(String)
        case unsigned
    }

    /// `apiKey`: the socket's key, which stands for the anon role (the mirror's is no JWT).
    func check(token: String, apiKey: String) -> TokenCheck {
        guard let auth else { return .viewer(.everyone) }
        if token == apiKey { return .viewer(.anonymous) }
        guard token.split(separator: ".", omittingEmptySubsequences: false).count == 3 else {
            return .malformed("The token provided is not a valid JWT")
        }
        guard let issued = auth.issued(token) else { return .unsigned }
        let now = auth.clockNow
        guard now < issued.expiresAt else {
            return .expired("Token has expired \(Int(now.timeIntervalSince(issued.expiresAt).rounded(.down))) seconds ago")
        }
        return .viewer(.user(RowVisibility(user: issued.user, users: auth.users.count), expiresAt: issued.expiresAt))
    }
}
