/// Everything `portal-mirror` can be told: where to listen, what to serve, which faults to
/// inject and where to log. The defaults serve the snapshot cleanly on 127.0.0.1:8080.
public struct MirrorOptions: Sendable {
    /// Where request log lines go.
    public enum LogTarget: Sendable, Equatable {
        case none
        case stdout
        case file(String)
    }

    public var host = "127.0.0.1"
    /// 0 picks a free port.
    public var port = 8080
    /// Holds `rickandmorty/` and `pokeapi/`.
    public var dataFolder = "../shared/data"
    /// The Rick and Morty API root every link points at; nil means `http://HOST:PORT/api`.
    /// PokeAPI links go under `PUBLIC/v2`.
    public var publicURL: String?
    /// Serve this many synthetic characters instead of the real ones.
    public var scale: Int?
    /// `--grow-every`: one more character at the end of the list every interval.
    public var growEvery: Duration?
    /// `--churn N`: N changes to the characters a second, streamed as server-sent events.
    public var churn: Int?
    /// A comment on the `--churn` events stream after this long with nothing sent.
    public var heartbeat: Duration = .seconds(15)
    public var faults = FaultSettings()
    public var log: LogTarget = .stdout
    /// `--require-key`: PostgREST routes answer 401 unless the request carries this key.
    public var requireKey: String?
    /// `--auth-user EMAIL:PASSWORD` (repeatable): Supabase Auth at `/auth/v1/token`, and
    /// `/rest/v1` then needs a user's token (see `MirrorAuth`).
    public var authUsers: [MirrorAuth.User] = []
    /// `--oauth-client ID:SECRET` (repeatable): OAuth2 client credentials at
    /// `/oauth/token`, and every API route then needs its bearer token (see `MirrorOAuth`).
    public var oauthClients: [MirrorOAuth.Client] = []
    /// `--token-ttl`: how long an access token lives, in seconds.
    public var tokenTTL: Double = 3600
    /// The mirror's tasks run on threads of their own (`MirrorThreads`), not the process's
    /// cooperative pool: set for a mirror inside a test process (`inProcess`).
    public var ownThreads = false

    public init() {}
}

/// Switchable faults, all off by default. Rates are fractions of all requests (0…1); one
/// draw per request picks at most one of drop, error, throttle and truncate.
public struct FaultSettings: Sendable, Equatable {
    /// Seeds the fault generator so a run can be replayed; nil seeds from the system.
    public var seed: UInt64?
    /// Added to every answer, in milliseconds.
    public var latencyMS: Double = 0
    /// Up to this many more milliseconds, drawn per request.
    public var jitterMS: Double = 0
    /// Answers 500 or 503.
    public var errorRate: Double = 0
    /// Answers 429 with `Retry-After: 1`.
    public var throttleRate: Double = 0
    /// Cuts the body off mid-JSON (with a Content-Length that matches the cut body).
    public var truncateRate: Double = 0
    /// Closes the connection without an answer.
    public var dropRate: Double = 0
    /// More than this many requests in one window (`rateWindow`) from one client IP answer 429.
    public var rateLimit: Int?
    /// The rate limit's window in seconds (`--rate-limit N/WINDOW`; 1 for `--rate-limit N`).
    public var rateWindow = 1
    /// The headers every answer carries under `--rate-limit` (`--rate-limit-headers`).
    public var rateHeaders = MirrorRateHeaders.ietf

    public init() {}

    /// Whether any per-request fault can fire.
    public var drawsFaults: Bool {
        latencyMS > 0 || jitterMS > 0 || errorRate > 0 || throttleRate > 0 || truncateRate > 0 || dropRate > 0
    }

    /// A problem with the values, as one line, or nil.
    public var problem: String? {
        for (name, rate) in [("--error-rate", errorRate), ("--throttle-rate", throttleRate),
                             ("--truncate-rate", truncateRate), ("--drop-rate", dropRate)] where !(0...1).contains(rate) {
            return "\(name) must be between 0 and 1 (got \(rate))"
        }
        if errorRate + throttleRate + truncateRate + dropRate > 1 {
            return "the fault rates add up to more than 1"
        }
        if latencyMS < 0 || jitterMS < 0 { return "--latency and --jitter must not be negative" }
        if let rateLimit, rateLimit < 1 { return "--rate-limit must be at least 1" }
        if rateWindow < 1 { return "--rate-limit's window must be at least 1 s" }
        return nil
    }
}
