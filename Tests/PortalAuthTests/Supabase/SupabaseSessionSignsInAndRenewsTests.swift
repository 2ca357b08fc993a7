import Foundation
import PortalCore
import PortalPaging
import PortalPresets
import PortalServers
import PortalTestSupport
@testable import PortalMirror
import Synchronization
import Testing
import PortalAuth

/// The signed-in session (`AuthSession`, `SessionTransport`) against the mirror's own
/// Supabase Auth and PostgREST rules, in process, on one manual clock: sign-in, renewal
/// ahead of expiry, the one-retry rule on a 401, a refresh that fails, and requests that
/// share one refresh. Every count here is exact.
@Suite struct SessionTests {
    /// A clock the test moves by hand; the server and the client read the same one
    /// unless `skew` puts the server ahead.
    typealias Clock = HandMovedClock

    /// The mirror's routes answering in process (no socket), with a counting log, and a
    /// way to restart the auth server (every session forgotten).
    final class Server: Transport {
        let clock: Clock
        let skew: Double
        let users: [MirrorAuth.User]
        let ttl: Double
        private let routes: Mutex<MirrorRoutes>
        private let log = Mutex<[HTTPRequest]>([])
        /// Answer every `/rest/v1` request with "JWT expired", whatever the token.
        let alwaysExpired: Bool
        /// Seconds the first `/rest/v1` request spends on the way (the clock moves on
        /// before the server reads it): a token valid when sent may be expired on arrival.
        private let lag: Mutex<Double>
        /// The first `gate` `/rest/v1` requests are answered only once all of them have
        /// arrived, so they are all sent with the same token.
        private let gate: Int
        private let arrived = Mutex(0)

        init(clock: Clock, ttl: Double = 60, skew: Double = 0, alwaysExpired: Bool = false, lag: Double = 0, gate: Int = 0,
             users: [MirrorAuth.User] = [.init(email: "ann@example.com", password: "PW"), .init(email: "bob@example.com", password: "PB")]) {
            self.clock = clock
            self.skew = skew
            self.ttl = ttl
            self.users = users
            self.alwaysExpired = alwaysExpired
            self.lag = Mutex(lag)
            self.gate = gate
            routes = Mutex(Self.routes(clock: clock, ttl: ttl, skew: skew, users: users))
        }

        static func routes(clock: Clock, ttl: Double, skew: Double, users: [MirrorAuth.User]) -> MirrorRoutes {
            let auth = MirrorAuth(users: users, tokenTTL: ttl, now: { clock.now.addingTimeInterval(skew) })
            return MirrorRoutes(data: Mirror.data, publicURL: "http://db.test/api", requireKey: "K", auth: auth)
        }

        /// The auth server starts over: every access and refresh token it issued is unknown.
        func restartAuth() { routes.withLock { $0 = Self.routes(clock: clock, ttl: ttl, skew: skew, users: users) } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            log.withLock { $0.append(request) }
            let split = SplitURL(request.url.absoluteString)!
            let target = split.path + (split.query.isEmpty ? "" : "?" + split.query)
            if split.path.hasPrefix("/rest/v1/") {
                clock.advance(lag.withLock { lag in defer { lag = 0 }; return lag })
                let order = arrived.withLock { count in
                    count += 1
                    return count
                }
                while order <= gate, arrived.withLock({ $0 }) < gate { try await Task.sleep(for: .milliseconds(1)) }
            }
            if alwaysExpired, split.path.hasPrefix("/rest/v1/") {
                var response = PostgRESTRules.error(401, code: "PGRST303", message: "JWT expired")
                response.headers["www-authenticate"] = #"Bearer error="invalid_token", error_description="JWT expired""#
                return response
            }
            return routes.withLock { $0 }.respond(method: request.method, target: target, headers: request.headers, body: request.body)
        }

        var requests: [HTTPRequest] { log.withLock { $0 } }
        var refreshes: Int { requests.filter { $0.url.absoluteString.contains("grant_type=refresh_token") }.count }
        var restRequests: [HTTPRequest] { requests.filter { $0.url.path.hasPrefix("/rest/v1/") } }
    }

    static let root = "http://db.test/rest/v1"

    static func session(_ server: Server, clock: Clock) -> (AuthSession, SessionTransport) {
        let session = AuthSession(requests: GoTrueRequests(authURL: GoTrueRequests.authURL(besideRestRoot: root)!, apiKey: "K"),
                                  transport: server, now: { clock.now })
        return (session, SessionTransport(wrapping: server, session: session, apiRoot: root))
    }

    /// Ann's session on `server`, signed in.
    static func signedIn(_ server: Server) async throws -> (AuthSession, SessionTransport) {
        let (session, transport) = Self.session(server, clock: server.clock)
        try await session.signIn(email: "ann@example.com", password: "PW")
        return (session, transport)
    }

    static func page(_ transport: any Transport, _ query: String = "select=id&order=id&limit=5") async throws -> HTTPResponse {
        var headers = RequestHeaders()
        try headers.addAPIKey("K")
        return try await transport.send(HTTPRequest(url: URL(string: "\(root)/characters?\(query)")!, headers: headers.applied(to: [:])))
    }

    /// `count` one-row pages asked for at once; their statuses.
    static func pagesAtOnce(_ count: Int, _ transport: any Transport) async throws -> [Int] {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for offset in 0..<count {
                group.addTask { try await Self.page(transport, "select=id&order=id&limit=1&offset=\(offset)").status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    static func ids(_ response: HTTPResponse) throws -> [Int] {
        try RowReader.rows(response.body).compactMap { row in if case .number(let n)? = row["id"] { Int(n) } else { nil } }
    }

    @Test func signingInSendsThePasswordGrantWithTheKeyAndThenTheUsersToken() async throws {
        let clock = Clock()
        let server = Server(clock: clock)
        let (session, transport) = Self.session(server, clock: clock)
        let id = try await session.signIn(email: "ann@example.com", password: "PW")
        #expect(id == MirrorAuth.User(email: "ann@example.com", password: "PW").id)
        let signIn = try #require(server.requests.first)
        #expect(signIn.method == "POST" && signIn.url.absoluteString == "http://db.test/auth/v1/token?grant_type=password")
        #expect(signIn.headers["apikey"] == "K")
        #expect(String(decoding: signIn.body ?? Data(), as: UTF8.self) == #"{"email":"ann@example.com","password":"PW"}"#)

        let response = try await Self.page(transport)
        #expect(response.status == 200)
        let sent = try #require(server.restRequests.first)
        #expect(sent.headers["apikey"] == "K")
        #expect(sent.headers["Authorization"]?.hasPrefix("Bearer ey") == true)
        #expect(sent.cacheIdentity == id)
    }

    @Test func aWrongPasswordIsGoTruesMessageAndNoSession() async throws {
        let clock = Clock()
        let server = Server(clock: clock)
        let (session, transport) = Self.session(server, clock: clock)
        await #expect(throws: SessionError.signInRefused("Invalid login credentials")) {
            try await session.signIn(email: "ann@example.com", password: "nope")
        }
        // Nothing is sent without a session.
        await #expect(throws: TransportError.sessionExpired) { try await Self.page(transport) }
        #expect(server.restRequests.isEmpty)
    }

    @Test func aTokenNearItsExpiryIsRenewedBeforeTheRequest() async throws {
        let clock = Clock()
        let server = Server(clock: clock, ttl: 60)
        let (_, transport) = try await Self.signedIn(server)
        _ = try await Self.page(transport)
        clock.advance(40)  // 20 s left: outside the 15 s margin (a quarter of 60 s)
        _ = try await Self.page(transport)
        #expect(server.refreshes == 0)
        clock.advance(10)  // 10 s left: inside the margin
        let response = try await Self.page(transport)
        #expect(response.status == 200)
        #expect(server.refreshes == 1 && server.restRequests.count == 3)
        // The request after the refresh carried the new token, and no 401 was ever seen.
        let tokens = server.restRequests.map { $0.headers["Authorization"] }
        #expect(tokens[0] == tokens[1] && tokens[1] != tokens[2])
    }

    @Test func a401JWTExpiredIsOneRefreshAndOneRetryNeverMore() async throws {
        let clock = Clock()
        // A server that says the token expired although the client's clock disagrees.
        let strict = Server(clock: clock, ttl: 60, alwaysExpired: true)
        let (session, transport) = Self.session(strict, clock: clock)
        try await session.signIn(email: "ann@example.com", password: "PW")
        let answer = try await Self.page(transport)
        // One refresh, one retry with the new token, and the second 401 is the answer.
        #expect(answer.status == 401 && GoTrueRequests.saysJWTExpired(answer))
        #expect(strict.refreshes == 1 && strict.restRequests.count == 2)
        #expect(strict.restRequests[0].headers["Authorization"] != strict.restRequests[1].headers["Authorization"])
    }

    @Test func aRetriedRequestWithTheNewTokenSucceeds() async throws {
        let clock = Clock()
        // Sent with 16 s left (outside the 15 s margin), it arrives 20 s later: expired.
        let server = Server(clock: clock, ttl: 60, lag: 20)
        let (_, transport) = try await Self.signedIn(server)
        clock.advance(44)
        let response = try await Self.page(transport)
        #expect(response.status == 200)
        #expect(try Self.ids(response) == [1, 3, 5, 7, 9])
        #expect(server.refreshes == 1 && server.restRequests.count == 2)
        #expect(server.restRequests.map(\.url) == [server.restRequests[0].url, server.restRequests[0].url])
    }

    @Test func aRefusedRefreshEndsTheSessionAndSendsNothingMore() async throws {
        let clock = Clock()
        let server = Server(clock: clock, ttl: 60)
        let (_, transport) = try await Self.signedIn(server)
        _ = try await Self.page(transport)
        server.restartAuth()  // the refresh token is now unknown to the server
        clock.advance(55)
        await #expect(throws: TransportError.sessionExpired) { try await Self.page(transport) }
        #expect(TransportError.sessionExpired.description == "session expired — sign in again")
        #expect(server.refreshes == 1 && server.restRequests.count == 1)
        await #expect(throws: TransportError.sessionExpired) { try await Self.page(transport) }
        #expect(server.refreshes == 1 && server.restRequests.count == 1)
        // A page failure for it is final and says so.
        let failure = PageFailure(.transport(.sessionExpired), TransportError.sessionExpired.description)
        #expect(!failure.isTransient && failure.message == "session expired — sign in again")
    }

    @Test func aListKeepsWhatItLoadedWhenTheSessionEnds() async throws {
        let clock = Clock()
        let server = Server(clock: clock, ttl: 60)
        let (_, transport) = try await Self.signedIn(server)
        var key = RequestHeaders()
        try key.addAPIKey("K")
        let strategy = PresetPages<Row>.postgREST(baseURL: BaseURL(Self.root), table: "characters", pageSize: 20, headers: key)
        let loader = ListLoader(strategy: strategy)
        let fetcher = PageFetcher(transport: transport, strategy: strategy)
        for _ in 0..<3 {
            let ticket = try #require(loader.loadMore())
            loader.apply(await fetcher.fetch(ticket), for: ticket)
        }
        #expect(loader.count == 60)
        server.restartAuth()
        clock.advance(59)
        let ticket = try #require(loader.loadMore())
        let change = loader.apply(await fetcher.fetch(ticket), for: ticket)
        // One refresh, refused: the page fails at once (no retries) and the 60 rows stay.
        guard case .failed(let failure) = change else { Issue.record("expected a failure, got \(change)"); return }
        #expect(failure.message == "session expired — sign in again" && !failure.isTransient)
        #expect(loader.count == 60 && server.refreshes == 1 && server.restRequests.count == 3)
    }

    @Test func aSpentRefreshTokenFails() async throws {
        let clock = Clock()
        let server = Server(clock: clock)
        let auth = GoTrueRequests(authURL: "http://db.test/auth/v1", apiKey: "K")
        let signIn = try await server.send(auth.password(email: "ann@example.com", password: "PW"))
        let tokens = try #require(SessionTokens.decode(signIn.body, receivedAt: clock.now))
        let first = try await server.send(auth.refresh(tokens.refreshToken))
        #expect(first.status == 200 && SessionTokens.decode(first.body, receivedAt: clock.now) != nil)
        let second = try await server.send(auth.refresh(tokens.refreshToken))
        #expect(second.status == 400)
        #expect(GoTrueRequests.message(of: second) == "Invalid Refresh Token: Already Used")
    }

    @Test func concurrentRequestsShareOneRefresh() async throws {
        let clock = Clock()
        let server = Server(clock: clock, ttl: 60)
        let (session, transport) = try await Self.signedIn(server)
        clock.advance(58)
        let statuses = try await Self.pagesAtOnce(8, transport)
        #expect(statuses == Array(repeating: 200, count: 8))
        #expect(server.refreshes == 1 && server.restRequests.count == 8)
        #expect(await session.refreshes == 1)
    }

    @Test func concurrentRequestsTurnedAwayShareOneRefresh() async throws {
        let clock = Clock()
        let server = Server(clock: clock, ttl: 60, alwaysExpired: true, gate: 6)
        let (_, transport) = try await Self.signedIn(server)
        let statuses = try await Self.pagesAtOnce(6, transport)
        #expect(statuses == Array(repeating: 401, count: 6))
        // Each was sent, turned away, and sent once more: one refresh for all of them.
        #expect(server.refreshes == 1 && server.restRequests.count == 12)
    }

    @Test func twoUsersSeeTheirOwnRowsAndTheCachesKeepThemApart() async throws {
        let clock = Clock()
        let server = Server(clock: clock)
        let counting = CountingTransport(server)
        let cache = CachingTransport(wrapping: counting)
        let (ann, annTransport) = Self.session(server, clock: clock)
        let (bob, _) = Self.session(server, clock: clock)
        try await ann.signIn(email: "ann@example.com", password: "PW")
        try await bob.signIn(email: "bob@example.com", password: "PB")
        let annCached = SessionTransport(wrapping: cache, session: ann, apiRoot: Self.root)
        let bobCached = SessionTransport(wrapping: cache, session: bob, apiRoot: Self.root)
        let annRows = try await Self.page(annCached)
        annRows.confirmDecoded()
        let bobRows = try await Self.page(bobCached)
        bobRows.confirmDecoded()
        #expect(try Self.ids(annRows) == [1, 3, 5, 7, 9])
        #expect(try Self.ids(bobRows) == [2, 4, 6, 8, 10])
        #expect(counting.count == 2)
        // The same user again is the session cache's answer, across a token refresh too.
        clock.advance(58)
        #expect(try Self.ids(try await Self.page(annCached)) == [1, 3, 5, 7, 9])
        #expect(counting.count == 2)
        _ = annTransport
    }
}
