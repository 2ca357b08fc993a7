import ArgumentParser
import Foundation
import PortalMirror

/// `portal-mirror`: a local server that speaks the Rick and Morty API, PokeAPI and
/// PostgREST from the data snapshots, with switchable faults and synthetic scale.
@main
struct PortalMirrorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "portal-mirror",
        abstract: "Serve the Rick and Morty, PokeAPI and PostgREST snapshots on loopback, with faults and scale.",
        discussion: """
            Prints `listening on http://HOST:PORT` as the first line of stdout, then one line per
            request (method, path, status, ms). SIGINT/SIGTERM shut it down cleanly.
            """)

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one (printed on the first line).")
    var port = 8080

    @Option(help: "Data folder holding rickandmorty/ and pokeapi/.")
    var data = "../shared/data"

    @Option(name: .customLong("public-url"), help: "API root that links point at (default http://HOST:PORT/api).")
    var publicURL: String?

    @Option(help: "Serve N synthetic characters (the real ones cycled, renamed 'Name #2'…).")
    var scale: Int?

    @Option(name: .customLong("grow-every"), help: ArgumentHelp(
        "Add one character at the end of the list every interval (e.g. 5s, 2m), as the live API would: for portal --watch.",
        valueName: "interval"))
    var growEvery: String?

    @Option(help: ArgumentHelp(
        "Change N characters a second (created past the end, updated, deleted) and stream each change as a server-sent event at /api/character/events (see docs/mirror.md).",
        valueName: "n"))
    var churn: Int?

    @Option(help: "Seed for the fault generator and --churn, so a run can be replayed.")
    var seed: UInt64?

    @Option(help: "Delay added to every answer, in milliseconds.")
    var latency: Double = 0

    @Option(help: "Up to this many more milliseconds of delay, drawn per request.")
    var jitter: Double = 0

    @Option(name: .customLong("error-rate"), help: "Fraction of requests answered 500 or 503.")
    var errorRate: Double = 0

    @Option(name: .customLong("throttle-rate"), help: "Fraction of requests answered 429 with Retry-After: 1.")
    var throttleRate: Double = 0

    @Option(name: .customLong("truncate-rate"), help: "Fraction of bodies cut off mid-JSON.")
    var truncateRate: Double = 0

    @Option(name: .customLong("drop-rate"), help: "Fraction of connections closed without an answer.")
    var dropRate: Double = 0

    @Option(name: .customLong("rate-limit"), help: ArgumentHelp(
        "At most N requests per WINDOW (60s, 1m, 1h; 1s when left out) from one client IP; more answer 429 with Retry-After until the window ends. Every answer carries the limit's headers (--rate-limit-headers).",
        valueName: "n[/window]"))
    var rateLimit: String?

    @Option(name: .customLong("rate-limit-headers"), help: "The rate-limit headers sent with --rate-limit: ietf (RateLimit, RateLimit-Policy), ietf-fields (RateLimit-Limit/-Remaining/-Reset), x-ratelimit (X-RateLimit-*, reset in seconds), github (x-ratelimit-*, reset in epoch seconds, -used, -resource) or none.")
    var rateLimitHeaders: String = MirrorRateHeaders.ietf.rawValue

    /// `--rate-limit`'s count and window in seconds; nil when it does not read.
    static func rateLimit(_ text: String) -> (count: Int, window: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let count = Int(parts[0]), count >= 1 else { return nil }
        guard parts.count == 2 else { return (count, 1) }
        guard let window = interval(String(parts[1])) else { return nil }
        return (count, Int(window.components.seconds))
    }

    @Option(help: "Write request log lines to this file instead of stdout.")
    var log: String?

    @Flag(help: "Write no request log lines.")
    var quiet = false

    @Option(name: .customLong("require-key"), help: "PostgREST routes answer 401 unless apikey or Authorization: Bearer carries this key.")
    var requireKey: String?

    @Option(name: .customLong("auth-user"), help: ArgumentHelp(
        "Turn on Supabase Auth (/auth/v1/token) with this user, EMAIL:PASSWORD (repeatable); /rest/v1 then needs a user's token, and each user sees their own characters.",
        valueName: "email:password"))
    var authUsers: [String] = []

    @Option(name: .customLong("oauth-client"), help: ArgumentHelp(
        "Turn on OAuth2 client credentials (POST /oauth/token) for this client, ID:SECRET (repeatable); every API route then needs its bearer token.",
        valueName: "id:secret"))
    var oauthClients: [String] = []

    @Option(name: .customLong("token-ttl"), help: "Seconds an access token lives before PostgREST answers 401 JWT expired, or an OAuth2 route 401 invalid_token (default 3600).")
    var tokenTTL: Double = 3600

    func validate() throws {
        for user in authUsers {
            guard let colon = user.firstIndex(of: ":"), colon != user.startIndex, user.index(after: colon) != user.endIndex else {
                throw ValidationError("--auth-user must be EMAIL:PASSWORD")
            }
        }
        for client in oauthClients {
            guard let colon = client.firstIndex(of: ":"), colon != client.startIndex, client.index(after: colon) != client.endIndex else {
                throw ValidationError("--oauth-client must be ID:SECRET")
            }
        }
        if !oauthClients.isEmpty, !authUsers.isEmpty {
            throw ValidationError("--oauth-client and --auth-user both take Authorization; give one")
        }
        guard tokenTTL > 0 else { throw ValidationError("--token-ttl must be more than 0 seconds") }
        if let churn, !(1...1_000_000).contains(churn) { throw ValidationError("--churn takes 1 to 1000000 changes a second") }
        if churn != nil, growEvery != nil { throw ValidationError("--churn and --grow-every both change the characters; give one") }
        if let rateLimit, Self.rateLimit(rateLimit) == nil {
            throw ValidationError("--rate-limit takes N or N/WINDOW, N at least 1 and a window like 60s, 1m or 1h (got '\(rateLimit)')")
        }
        if MirrorRateHeaders(rawValue: rateLimitHeaders) == nil {
            throw ValidationError("--rate-limit-headers takes \(MirrorRateHeaders.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(rateLimitHeaders)')")
        }
        if let growEvery, Self.interval(growEvery) == nil {
            throw ValidationError("--grow-every takes a duration of at least 1s, like 5s, 2m or 1h (got '\(growEvery)')")
        }
    }

    func run() async throws {
        var options = MirrorOptions()
        options.host = host
        options.port = port
        options.dataFolder = data
        options.publicURL = publicURL
        options.scale = scale
        options.growEvery = growEvery.flatMap(Self.interval)
        options.churn = churn
        options.faults.seed = seed
        options.faults.latencyMS = latency
        options.faults.jitterMS = jitter
        options.faults.errorRate = errorRate
        options.faults.throttleRate = throttleRate
        options.faults.truncateRate = truncateRate
        options.faults.dropRate = dropRate
        if let limit = rateLimit.flatMap(Self.rateLimit) {
            options.faults.rateLimit = limit.count
            options.faults.rateWindow = limit.window
        }
        options.faults.rateHeaders = MirrorRateHeaders(rawValue: rateLimitHeaders) ?? .ietf
        options.log = quiet ? .none : log.map { .file($0) } ?? .stdout
        options.requireKey = requireKey
        options.authUsers = authUsers.compactMap { user in
            user.firstIndex(of: ":").map { MirrorAuth.User(email: String(user[..<$0]), password: String(user[user.index(after: $0)...])) }
        }
        options.oauthClients = oauthClients.compactMap { client in
            client.firstIndex(of: ":").map { MirrorOAuth.Client(id: String(client[..<$0]), secret: String(client[client.index(after: $0)...])) }
        }
        options.tokenTTL = tokenTTL

        let mirror: RunningMirror
        do {
            mirror = try await MirrorServer.start(options, handleSignals: true)
        } catch {
            FileHandle.standardError.write(Data("portal-mirror: \(error)\n".utf8))
            throw ExitCode(1)
        }
        FileHandle.standardOutput.write(Data("listening on \(mirror.origin)\n".utf8))
        do {
            try await mirror.wait()
        } catch {
            FileHandle.standardError.write(Data("portal-mirror: \(error)\n".utf8))
            throw ExitCode(1)
        }
        FileHandle.standardError.write(Data("portal-mirror: stopped\n".utf8))
    }

    /// `5s`, `2m`, `1h` (a bare number is seconds), at least a second; nil otherwise.
    static func interval(_ text: String) -> Duration? {
        let scales: [Character: Int64] = ["s": 1, "m": 60, "h": 3600]
        let unit = text.last.flatMap { scales[$0] }
        let digits = unit == nil ? Substring(text) : text.dropLast()
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int64(digits), count >= 1, count <= 1_000_000 else { return nil }
        return .seconds(count * (unit ?? 1))
    }
}
