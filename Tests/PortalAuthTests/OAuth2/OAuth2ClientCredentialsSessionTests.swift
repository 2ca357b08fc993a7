import Foundation
import PortalCore
import PortalCurl
import PortalServers
import PortalTestSupport
@testable import PortalMirror
import Synchronization
import Testing
import PortalAuth

/// OAuth2 client credentials (RFC 6749 §4.4) end to end: the mirror's `/oauth/token`
/// (`--oauth-client`) and its bearer check on every route, and portal's side in the
/// session machinery Supabase sign-in uses (`AuthSession` with an
/// `OAuth2ClientCredentialsGrant`, `SessionTransport`): the request's exact shape, a
/// token reused until shortly before `expires_in`, one new token and one retry on a 401.
/// Every count here is exact.
@Suite struct OAuthClientCredentialsTests {
    /// A clock the test moves by hand, read by the server and the client alike.
    typealias Clock = HandMovedClock

    /// The mirror's routes in process with `--oauth-client cli:s3cr3t`, counting what
    /// arrives; `revoke()` forgets every token issued (the server restarted).
    final class Server: Transport {
        let clock: Clock
        let ttl: Double
        private let routes: Mutex<MirrorRoutes>
        private let log = Mutex<[HTTPRequest]>([])
        /// Answer every API request 401, whatever the token.
        let alwaysRefuse: Bool

        init(clock: Clock, ttl: Double = 60, alwaysRefuse: Bool = false) {
            self.clock = clock
            self.ttl = ttl
            self.alwaysRefuse = alwaysRefuse
            routes = Mutex(Self.routes(clock: clock, ttl: ttl))
        }

        static func routes(clock: Clock, ttl: Double) -> MirrorRoutes {
            let oauth = MirrorOAuth(clients: [.init(id: "cli", secret: "s3cr3t")], tokenTTL: ttl, now: { clock.now })
            return MirrorRoutes(data: Mirror.data, publicURL: "http://api.test/api", oauth: oauth)
        }

        func revoke() { routes.withLock { $0 = Self.routes(clock: clock, ttl: ttl) } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            log.withLock { $0.append(request) }
            let split = try #require(SplitURL(request.url.absoluteString))
            if alwaysRefuse, split.path.hasPrefix("/api/") { return MirrorOAuth.error(401, "invalid_token", "no") }
            let target = split.path + (split.query.isEmpty ? "" : "?" + split.query)
            return routes.withLock { $0 }.respond(method: request.method, target: target, headers: request.headers, body: request.body)
        }

        var requests: [HTTPRequest] { log.withLock { $0 } }
        var tokenRequests: [HTTPRequest] { requests.filter { $0.url.path == "/oauth/token" } }
        var apiRequests: [HTTPRequest] { requests.filter { $0.url.path.hasPrefix("/api/") } }
    }

    static let grant = OAuth2ClientCredentialsGrant(
        tokenURL: URL(string: "http://api.test/oauth/token")!, clientID: "cli", clientSecret: "s3cr3t", scope: "read list")

    static func session(_ server: Server, grant: OAuth2ClientCredentialsGrant = grant) -> (AuthSession, SessionTransport) {
        let session = AuthSession(grant: grant, transport: server, now: { server.clock.now })
        return (session, SessionTransport(wrapping: server, session: session, apiRoot: "http://api.test/api"))
    }

    static func page(_ transport: any Transport, _ number: Int) async throws -> HTTPResponse {
        try await transport.send(HTTPRequest(url: URL(string: "http://api.test/api/character?page=\(number)")!))
    }

    @Test func theTokenRequestIsBasicAuthAndAFormBody() async throws {
        let server = Server(clock: Clock())
        let (session, transport) = Self.session(server)
        try await session.start()
        #expect(try await Self.page(transport, 1).status == 200)
        let token = try #require(server.tokenRequests.first)
        #expect(server.tokenRequests.count == 1)
        #expect(token.method == "POST")
        #expect(token.headers["Authorization"] == "Basic " + Data("cli:s3cr3t".utf8).base64EncodedString())
        #expect(token.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(String(decoding: token.body ?? Data(), as: UTF8.self) == "grant_type=client_credentials&scope=read+list")
        let sent = try #require(server.apiRequests.first)
        #expect(sent.headers["Authorization"]?.hasPrefix("Bearer ") == true)
        #expect(sent.cacheIdentity == "oauth2:cli")
    }

    @Test func aRefusedClientIsOneLineNamingTheServersReason() async throws {
        let server = Server(clock: Clock())
        let wrong = OAuth2ClientCredentialsGrant(tokenURL: Self.grant.tokenURL, clientID: "cli", clientSecret: "nope")
        let (session, _) = Self.session(server, grant: wrong)
        let error = await #expect(throws: SessionError.self) { try await session.start() }
        #expect(error == .signInRefused("Client authentication failed."))
        #expect(error?.description.contains("nope") == false)
    }

    @Test func aTokenIsReusedUntilShortlyBeforeItExpires() async throws {
        let clock = Clock()
        let server = Server(clock: clock, ttl: 60)
        let (_, transport) = Self.session(server)
        // The first request has the first token (no start needed).
        #expect(try await Self.page(transport, 1).status == 200)
        clock.advance(44)
        #expect(try await Self.page(transport, 2).status == 200)
        #expect(server.tokenRequests.count == 1)
        // 15 s (a quarter of 60) before expiry it is renewed ahead, before the request.
        clock.advance(2)
        #expect(try await Self.page(transport, 3).status == 200)
        #expect(server.tokenRequests.count == 2 && server.apiRequests.count == 3)
    }

    @Test func a401MidListAsksForExactlyOneTokenAndRetriesOnce() async throws {
        let server = Server(clock: Clock())
        let (session, transport) = Self.session(server)
        try await session.start()
        var ids: [Int] = []
        for number in 1...5 {
            if number == 3 { server.revoke() }
            let response = try await Self.page(transport, number)
            #expect(response.status == 200)
            ids += try #require(try response.object()["results"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
        }
        #expect(ids == Array(1...100))
        #expect(server.tokenRequests.count == 2)
        // Pages 1…5 once each, and page 3 once more with the new token.
        #expect(server.apiRequests.map(\.url.query) == ["page=1", "page=2", "page=3", "page=3", "page=4", "page=5"])
    }

    @Test func a401AfterTheRetryIsTheAnswer() async throws {
        let server = Server(clock: Clock(), alwaysRefuse: true)
        let (session, transport) = Self.session(server)
        try await session.start()
        let response = try await Self.page(transport, 1)
        #expect(response.status == 401)
        #expect(server.tokenRequests.count == 2 && server.apiRequests.count == 2)
    }

    @Test func requestsTurnedAwayTogetherShareOneNewToken() async throws {
        let server = Server(clock: Clock())
        let (session, transport) = Self.session(server)
        try await session.start()
        server.revoke()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for number in 1...6 { group.addTask { try await Self.page(transport, number).status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 6))
        #expect(server.tokenRequests.count == 2)
    }

    @Test func anotherOriginNeverGetsTheToken() async throws {
        let server = Server(clock: Clock())
        let (session, transport) = Self.session(server)
        try await session.start()
        _ = try await transport.send(HTTPRequest(url: URL(string: "http://cdn.test/avatar/1.jpeg")!))
        let sent = try #require(server.requests.last)
        #expect(sent.headers["Authorization"] == nil)
    }

    // MARK: over the socket

    static func withMirror<T>(ttl: Double = 3600, _ body: (RunningMirror) async throws -> T) async throws -> T {
        try await MirrorServer.with(.inProcess { options in
            options.oauthClients = [.init(id: "cli", secret: "s3cr3t")]
            options.tokenTTL = ttl
        }, data: Mirror.data, body)
    }

    static func post(_ mirror: RunningMirror, _ body: String, headers: [String: String]) async throws -> HTTPResponse {
        try await Mirror.transport.send(HTTPRequest(method: "POST", url: URL(string: mirror.origin + "/oauth/token")!,
                                                    headers: headers.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 },
                                                    body: Data(body.utf8)))
    }

    @Test func theMirrorsTokenEndpointFollowsRFC6749() async throws {
        try await Self.withMirror(ttl: 120) { mirror in
            let basic = ["Authorization": "Basic " + Data("cli:s3cr3t".utf8).base64EncodedString()]
            let issued = try await Self.post(mirror, "grant_type=client_credentials&scope=read", headers: basic)
            #expect(issued.status == 200)
            let object = try issued.object()
            #expect(object["token_type"] as? String == "Bearer" && object["expires_in"] as? Int == 120 && object["scope"] as? String == "read")
            #expect(issued.header("cache-control") == "no-store")
            // §2.3.1: the client in the form body is taken too.
            #expect(try await Self.post(mirror, "grant_type=client_credentials&client_id=cli&client_secret=s3cr3t", headers: [:]).status == 200)
            let wrong = try await Self.post(mirror, "grant_type=client_credentials",
                                            headers: ["Authorization": "Basic " + Data("cli:no".utf8).base64EncodedString()])
            #expect(wrong.status == 401)
            #expect(try wrong.object()["error"] as? String == "invalid_client")
            #expect(wrong.header("www-authenticate")?.hasPrefix("Basic") == true)
            let grant = try await Self.post(mirror, "grant_type=password", headers: basic)
            #expect(grant.status == 400)
            #expect(try grant.object()["error"] as? String == "unsupported_grant_type")
            #expect(try await Mirror.get(mirror, "/oauth/token").status == 405)
        }
    }

    @Test func everyRouteNeedsALiveBearerToken() async throws {
        try await Self.withMirror { mirror in
            let none = try await Mirror.get(mirror, "/api/character")
            #expect(none.status == 401 && none.header("www-authenticate")?.hasPrefix("Bearer") == true)
            #expect(try await Mirror.get(mirror, "/api/character", headers: ["Authorization": "Bearer made-up"]).status == 401)
            let basic = ["Authorization": "Basic " + Data("cli:s3cr3t".utf8).base64EncodedString()]
            let token = try #require(try await Self.post(mirror, "grant_type=client_credentials", headers: basic).object()["access_token"] as? String)
            let bearer = ["Authorization": "Bearer \(token)"]
            #expect(try await Mirror.get(mirror, "/api/character", headers: bearer).status == 200)
            #expect(try await Mirror.get(mirror, "/api/v2/pokemon?limit=2", headers: bearer).status == 200)
            #expect(try await Mirror.get(mirror, "/rest/v1/characters?limit=2", headers: bearer).status == 200)
        }
    }

    /// The whole list over the socket through the session, traced: one token request,
    /// every page once, and neither the secret nor the token in any trace line.
    @Test func aListOverTheSocketAsksOneTokenAndTracesNoSecret() async throws {
        try await Self.withMirror { mirror in
            let trace = FileManager.default.temporaryDirectory.appendingPathComponent("portal-oauth-\(UUID().uuidString).jsonl").path
            defer { try? FileManager.default.removeItem(atPath: trace) }
            let network = CountingTransport(CurlTransport())
            let tracer = try TracingTransport(wrapping: network, path: trace)
            let grant = OAuth2ClientCredentialsGrant(tokenURL: URL(string: mirror.origin + "/oauth/token")!, clientID: "cli", clientSecret: "s3cr3t")
            let session = AuthSession(grant: grant, transport: tracer.tracing(network))
            try await session.start()
            let transport = SessionTransport(wrapping: tracer, session: session, apiRoot: mirror.origin + "/api")
            var next: String? = mirror.origin + "/api/episode"
            var ids: [Int] = []
            while let url = next {
                let response = try await transport.send(HTTPRequest(url: URL(string: url)!))
                let object = try response.object()
                ids += (object["results"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
                next = (object["info"] as? [String: Any])?["next"] as? String
            }
            #expect(ids == Array(1...51))
            #expect(network.count(containing: "/oauth/token") == 1 && network.count(containing: "/api/episode") == 3)
            let token = try #require(network.requests.last?.headers["Authorization"]).dropFirst("Bearer ".count)
            let lines = try String(contentsOfFile: trace, encoding: .utf8)
            #expect(lines.contains("/oauth/token"))
            #expect(!lines.contains("s3cr3t") && !lines.contains(String(token)) && !lines.contains(Data("cli:s3cr3t".utf8).base64EncodedString()))
        }
    }
}
