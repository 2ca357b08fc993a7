import ArgumentParser
import Foundation
import PortalCore
import PortalHTTP
import PortalServers
import Synchronization

/// Where data comes from, for every command: the offline snapshot (`--data`) or an HTTP
/// server (`--base-url`, the live API by default), optionally traced to a file.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Read the offline snapshot in this folder (holding rickandmorty/ and pokeapi/).", valueName: "dir"))
    var data: String?

    @Option(name: .long, help: ArgumentHelp("The API root to fetch from over HTTP.", valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp("Append one JSON line per request to this file.", valueName: "file"))
    var trace: String?

    // MARK: Which API (see DialectOptions)

    @OptionGroup var dialect: DialectOptions

    /// The API this source speaks (`--api`, else inferred from `--base-url`).
    var apiKind: APIKind { dialect.kind(baseURL: baseURL) }

    /// `--header` lines and `PORTAL_API_KEY`, for every request.
    func requestHeaders() throws -> RequestHeaders {
        try dialect.headers(environment: ProcessInfo.processInfo.environment)
    }

    /// The on-disk HTTP cache (`--cache-dir`, `--no-cache`, `--offline`, …).
    @OptionGroup var cache: CacheOptions

    /// Supabase: `--email`, `--rpc`, `--args`, `--count` (see SupabaseOptions).
    @OptionGroup var supabase: SupabaseOptions

    func validate() throws {
        if data != nil && baseURL != nil {
            throw ValidationError("--data and --base-url name two sources; give one")
        }
        if let baseURL {
            do {
                _ = try APIRoot(baseURL)
            } catch {
                throw ValidationError("--base-url \(error.description)")
            }
        }
        if apiKind == .postgREST, data == nil, baseURL == nil {
            throw ValidationError("--api postgrest needs --base-url (a …/rest/v1 root) or --data")
        }
        try dialect.check(for: apiKind)
        try supabase.check(for: apiKind, data: data, table: dialect.table)
    }

    /// The API root that links are built under.
    var apiBaseURL: String {
        let url = baseURL ?? SnapshotTransport.defaultBaseURL(for: apiKind)
        return url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    /// The API the browser shows, with its tabs: the kind's source, with `--page-size`,
    /// the PostgREST table, filters and order, and the headers (`--header`, the key).
    func browseSource() throws -> any Source {
        let pageSize = dialect.pageSize ?? APIKind.defaultPageSize
        switch apiKind {
        case .rickAndMorty:
            return RickAndMortySource(baseURL: apiBaseURL, headers: try requestHeaders())
        case .pokeAPI:
            return PokeAPISource(baseURL: apiBaseURL, pageSize: pageSize, headers: try requestHeaders())
        case .postgREST:
            return PostgRESTSource(baseURL: apiBaseURL, table: dialect.tableName, pageSize: pageSize,
                                   filters: try dialect.filters(), order: try dialect.sortOrder(), headers: try requestHeaders(),
                                   function: try supabase.function(), count: supabase.countMode)
        }
    }

    /// How the source is named in the UI header.
    var label: String {
        if data != nil { return "offline snapshot" }
        return SplitURL(apiBaseURL).map { $0.origin.host + ($0.origin.port == 80 || $0.origin.port == 443 ? "" : ":\($0.origin.port)") } ?? apiBaseURL
    }

    /// Builds the connection: traced when `--trace` is given, and for HTTP, cached by URL
    /// for the session in memory, and on disk across runs behind it.
    func connect() throws -> Connection {
        var transport: any Transport
        if let data {
            transport = try SnapshotTransport(dataFolder: data, api: apiKind)
        } else {
            // Inside the tracer, so each trace line can say hit, revalidated or miss.
            transport = cache.wrap(AsyncHTTPTransport())
        }
        var tracer: TracingTransport?
        if let trace {
            let traced = try TracingTransport(wrapping: transport, path: trace)
            tracer = traced
            transport = traced
        }
        // Outside the tracer, so the trace lists what really went over the network.
        if data == nil {
            transport = CachingTransport(wrapping: transport)
        }
        // Outside the caches, which key signed-in answers by the user's id it sets.
        var session: AuthSession?
        if let email = supabase.email, data == nil, let authURL = GoTrueRequests.authURL(besideRestRoot: apiBaseURL) {
            let key = ProcessInfo.processInfo.environment[RequestHeaders.apiKeyVariable]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            // The token requests go straight to the network: never cached, never traced.
            let signIn = AuthSession(requests: GoTrueRequests(authURL: authURL, apiKey: key), transport: AsyncHTTPTransport())
            session = signIn
            transport = SessionTransport(wrapping: transport, session: signIn, apiRoot: apiBaseURL)
            return Connection(transport: transport, tracer: tracer, session: session, email: email)
        }
        return Connection(transport: transport, tracer: tracer, session: session, email: nil)
    }
}

/// The transport a command uses, and the tracer inside it (if any) whose write failure
/// the command reports once it is done.
struct Connection: Sendable {
    let transport: any Transport
    let tracer: TracingTransport?
    /// With `--email`: the session every request is sent in, once `signIn` succeeded.
    let session: AuthSession?
    let email: String?

    /// One line about a trace that could not be written, for stderr; nil when all went well.
    var traceProblem: String? { tracer?.writeFailure }

    /// Signs in when `--email` was given (the password from `PORTAL_PASSWORD` or the
    /// terminal); a refusal is one line naming no secret (exit 1).
    func signIn() async throws {
        guard let session, let email else { return }
        guard let password = PasswordPrompt.password(for: email, environment: ProcessInfo.processInfo.environment) else {
            throw RuntimeFailure("--email needs a password: set \(SupabaseOptions.passwordVariable) or run on a terminal")
        }
        do {
            try await session.signIn(email: email, password: password)
        } catch {
            throw RuntimeFailure(error.description)
        }
    }

    /// `signIn` for the browser, whose command is synchronous: the main thread waits for
    /// it before the screen is taken (nothing else runs yet).
    func signInBlocking() throws {
        guard session != nil else { return }
        let outcome = SignInOutcome()
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached {
            do { try await self.signIn() } catch { outcome.set(error) }
            semaphore.signal()
        }
        semaphore.wait()
        if let error = outcome.error { throw error }
    }
}

/// The sign-in's failure handed from its task to the waiting main thread.
private final class SignInOutcome: Sendable {
    private let stored = Mutex<(any Error)?>(nil)
    func set(_ error: any Error) { stored.withLock { $0 = error } }
    var error: (any Error)? { stored.withLock { $0 } }
}
