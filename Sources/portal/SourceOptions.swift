import ArgumentParser
import Foundation
import PortalCache
import PortalConfig
import PortalCore
import PortalCurl
import PortalServers
import Synchronization

/// Where data comes from, for every command: the offline snapshot (`--data`) or an HTTP
/// server (`--base-url`, the live API by default), optionally traced to a file.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Read the offline snapshot in this folder (holding rickandmorty/ and pokeapi/).", valueName: "dir"))
    var data: String?

    @Option(name: .long, help: ArgumentHelp("The API root to fetch from over HTTP (with --openapi: the origin its lists are served from, which then gets --header and the key).", valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp("Append one JSON line per request to this file.", valueName: "file"))
    var trace: String?

    // MARK: Which API (see APIOptions)

    @OptionGroup var apiOptions: APIOptions

    /// `--url` (any API) and its overrides.
    @OptionGroup var anyAPI: AnyAPIOptions

    /// `--pictures-origin`.
    @OptionGroup var pictures: PicturesOriginOption

    /// `--base-url`, normalised once here (trailing slashes trimmed); every source,
    /// strategy and rule below takes it as it is.
    var base: BaseURL? { baseURL.map { BaseURL($0) } }

    /// The API this source speaks (`--api`, else inferred from `--base-url`).
    var api: APIPreset { apiOptions.preset(baseURL: base) }

    /// `--header` lines and `PORTAL_API_KEY`, for every request.
    func requestHeaders() throws -> RequestHeaders {
        try apiOptions.headers(environment: ProcessInfo.processInfo.environment)
    }

    /// The on-disk HTTP cache (`--cache-dir`, `--no-cache`, `--offline`, …).
    @OptionGroup var cache: CacheOptions

    /// Supabase: `--email`, `--rpc`, `--args`, `--count` (see SupabaseOptions).
    @OptionGroup var supabase: SupabaseOptions

    /// `--graphql` and `--query` (see GraphQLOptions).
    @OptionGroup var graphQL: GraphQLOptions

    /// `--openapi` (see OpenAPIOptions).
    @OptionGroup var openAPI: OpenAPIOptions

    mutating func validate() throws {
        takeCredentialsOutOfURLs()
        if let conflict = graphQL.conflict(with: [("--url", anyAPI.url != nil), ("--data", data != nil), ("--base-url", baseURL != nil),
                                                  ("--api", apiOptions.api != nil), ("--openapi", openAPI.location != nil)]) { throw ValidationError(conflict) }
        if graphQL.graphql != nil { return try graphQL.check(pageSize: apiOptions.pageSize) }
        // --base-url with --openapi names the origin the lists are served from (it gets the credentials).
        if let conflict = openAPI.conflict(with: [("--url", anyAPI.url != nil), ("--data", data != nil),
                                                  ("--api", apiOptions.api != nil)]) { throw ValidationError(conflict) }
        if anyAPI.url != nil {
            for (flag, given) in [("--data", data != nil), ("--base-url", baseURL != nil), ("--api", apiOptions.api != nil)] where given {
                throw ValidationError("--url names the list itself; it cannot go with \(flag)")
            }
        }
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
        if api.liveBaseURL == nil, data == nil, baseURL == nil {
            throw ValidationError("--api \(api.kind) needs --base-url (there is no public \(api.title) to default to) or --data")
        }
        try apiOptions.check(for: api)
        try supabase.check(for: api.kind, data: data, table: apiOptions.table)
    }

    /// The API root that links are built under: `--base-url`, else the snapshot's root
    /// with `--data`, else the live service's.
    var apiBaseURL: BaseURL {
        if let base { return base }
        if data != nil { return api.snapshotBaseURL }
        return api.liveBaseURL ?? api.snapshotBaseURL
    }

    /// What the preset's source is made from: the base URL, `--page-size`, the headers
    /// (`--header`, the key) and PostgREST's `--table`, `--where` and `--order`.
    /// `table` overrides `--table` (`portal list TABLE`); `asServed` keeps rows as served.
    func settings(table: String? = nil, asServed: Bool = false) throws -> SourceSettings {
        var settings = SourceSettings(
            baseURL: apiBaseURL, pageSize: apiOptions.pageSize ?? APIKind.defaultPageSize, headers: try requestHeaders(),
            table: table ?? apiOptions.tableName, filters: try apiOptions.filters(), order: try apiOptions.sortOrder(),
            asServed: asServed, function: try supabase.function(), count: supabase.countMode)
        settings.picturesOrigin = pictures.picturesOrigin
        settings.presetLists = try BuiltInPresets.lists(for: api.kind)
        return settings
    }

    /// The API the browser shows, with its tabs: the preset's source (`APIPreset`).
    func browseSource() throws -> any Source {
        api.makeSource(try settings())
    }

    /// How the source is named in the UI header.
    var label: String {
        if data != nil { return "offline snapshot" }
        if let url = anyAPI.url, let split = SplitURL(url) {
            return split.origin.host + (split.origin.port == 80 || split.origin.port == 443 ? "" : ":\(split.origin.port)")
        }
        return SplitURL(apiBaseURL.text).map { $0.origin.host + ($0.origin.port == 80 || $0.origin.port == 443 ? "" : ":\($0.origin.port)") } ?? apiBaseURL.text
    }

    /// Builds the connection: traced when `--trace` is given, and for HTTP, cached by URL
    /// for the session in memory, and on disk across runs behind it.
    /// `scopingCredentials`: false where a saved API scopes its own (`SavedRun.connect`).
    func connect(scopingCredentials: Bool = true) throws -> Connection {
        var transport: any Transport
        var disk: DiskCache?
        if let data {
            transport = try SnapshotTransport(dataFolder: data, api: api.kind)
        } else {
            // Inside the tracer, so each trace line can say hit, revalidated or miss.
            disk = cache.openIfUsed()
            transport = cache.wrap(CurlTransport(), in: disk)
        }
        var tracer: TracingTransport?
        if let trace {
            let traced = try TracingTransport(wrapping: transport, path: trace)
            tracer = traced
            transport = traced
        }
        // Outside the tracer, so the trace lists what really went over the network.
        if data == nil {
            transport = CachingTransport(wrapping: transport, capacityBytes: CachingTransport.budget(diskBehind: disk != nil))
            // Outside the caches, which then key and keep what was sent: the user's
            // credentials go only to the origins the user named.
            if scopingCredentials { transport = CredentialScopeTransport(wrapping: transport, scope: credentialScope()) }
        }
        // Outside the caches, which key signed-in answers by the user's id it sets.
        guard let email = supabase.email, data == nil, let authURL = GoTrueRequests.authURL(besideRestRoot: apiBaseURL.text) else {
            return Connection(transport: transport, tracer: tracer, session: nil, email: nil, remember: nil)
        }
        if cache.offline {
            // Offline is offline: no sign-in, no refresh, no token request. The user's id,
            // which the caches key their answers by, is the one this address last signed
            // in as here; an address never signed in here has no answers to show.
            guard let userID = disk?.rememberedUser(email: email, authURL: authURL) else {
                throw RuntimeFailure("--offline: nothing is cached for \(Sanitize.line(email)) (sign in once without --offline first)")
            }
            transport = OfflineUserTransport(wrapping: transport, userID: userID, apiRoot: apiBaseURL.text)
            return Connection(transport: transport, tracer: tracer, session: nil, email: nil, remember: nil)
        }
        let key = apiOptions.keyVariable(in: ProcessInfo.processInfo.environment)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        // The token requests go straight to the network: never cached, but traced (their
        // lines hold no body and no header, so no password or token).
        let network: any Transport = tracer.map { $0.tracing(CurlTransport()) } ?? CurlTransport()
        let signIn = AuthSession(requests: GoTrueRequests(authURL: authURL, apiKey: key), transport: network)
        transport = SessionTransport(wrapping: transport, session: signIn, apiRoot: apiBaseURL.text)
        var remember: (@Sendable (String) -> Void)?
        if let disk {
            remember = { userID in disk.remember(userID: userID, email: email, authURL: authURL) }
        }
        return Connection(transport: transport, tracer: tracer, session: signIn, email: email, remember: remember)
    }
}

/// The transport a command uses, and the tracer inside it (if any) whose write failure
/// the command reports once it is done.
struct Connection: Sendable {
    let transport: any Transport
    let tracer: TracingTransport?
    /// With `--email` (once `signIn` succeeded) or a saved API's sign-in: the session every
    /// request to the API is sent in, and the live feeds' token.
    let session: AuthSession?
    let email: String?
    /// Keeps who the address signed in as in the disk cache, for `--offline --email`.
    let remember: (@Sendable (String) -> Void)?

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
            let userID = try await session.signIn(email: email, password: password)
            remember?(userID)
        } catch {
            throw RuntimeFailure(error.description)
        }
    }
}

extension SourceOptions {
    /// A user and password written into `--url`, `--graphql`, `--openapi` or `--base-url`
    /// (`http://user:secret@host/…`) leave the URL and go as `Authorization: Basic …`
    /// before the `--header` lines (which win): a header is never shown, traced or cached in
    /// the clear, and the URL is (`URLCredentials`).
    mutating func takeCredentialsOutOfURLs() {
        var lines: [String] = []
        func take(_ url: inout String?) {
            guard let text = url else { return }
            let split = URLCredentials(text)
            guard let line = split.headerLine else { return }
            url = split.url
            if !lines.contains(line) { lines.append(line) }
        }
        take(&anyAPI.url)
        take(&graphQL.graphql)
        take(&openAPI.location)
        take(&baseURL)
        apiOptions.headerLines = lines + apiOptions.headerLines
    }

    /// `--header` lines, then `PORTAL_API_KEY` as `Authorization: Bearer KEY` (what most
    /// APIs take; it replaces a `--header` of that name). For `--url` only: the built-in
    /// APIs send the key their own way (`requestHeaders()`).
    func anyAPIHeaders() throws -> [String: String] {
        var headers = RequestHeaders()
        for line in apiOptions.headerLines {
            do { try headers.add(line: line) } catch { throw ValidationError("\(error)") }
        }
        if let key = apiOptions.keyVariable(in: ProcessInfo.processInfo.environment) {
            do { try headers.add(line: "Authorization: Bearer \(key)") } catch {
                throw ValidationError("\(RequestHeaders.apiKeyVariable) cannot be sent as a header (a line break or other control character in it)")
            }
        }
        return headers.applied(to: [:])
    }

    /// `--url`'s list read from its own first page when its tab is shown, not before (a
    /// saved API's lists in the browser: nothing is asked before the first screen but the
    /// first tab's pages), with the same overrides `anyAPISource` reads it with.
    func unreadAnyAPISource(url text: String, spec: ListSpec = ListSpec(), name: String? = nil, byKeys: [String: String] = [:]) throws -> any Source {
        guard let url = URL(string: text) else { throw RuntimeFailure("--url '\(Sanitize.line(text))' is not a URL") }
        var overrides = anyAPI.overrides
        overrides.spec = spec.paging
        return AnyAPISource.unread(url: url, headers: try anyAPIHeaders(), overrides: overrides, fields: anyAPI.cardFields,
                                   picturesOrigin: pictures.picturesOrigin, spec: spec, name: name, byKeys: byKeys)
    }

    /// The list at `--url`: its first page asked for once and its reading (items, the
    /// paging dialect among `APIRegistry.dialects`, total, jumps) taken from the answer
    /// (through `transport`, so the trace and the caches see it), then the source for it.
    /// The reading goes to the trace as a note; a list it cannot read is a runtime failure
    /// naming what it looked for.
    /// A saved list's `spec` (its paging table, key, card, detail) and `name`, and the
    /// API's lists' by-key templates (`byKeys`), go with it.
    func anyAPISource(url text: String, transport: any Transport, tracer: TracingTransport?, spec: ListSpec = ListSpec(), name: String? = nil,
                      byKeys: [String: String] = [:]) async throws -> (any Source, ListReading) {
        guard let url = URL(string: text) else { throw RuntimeFailure("--url '\(Sanitize.line(text))' is not a URL") }
        let headers = try anyAPIHeaders()
        // Before the screen opens, a first answer being retried says so on stderr (a
        // server answering 503 kept the terminal blank for half a minute).
        let progress = ProgressLine()
        defer { progress.clear() }
        var overrides = anyAPI.overrides
        overrides.spec = spec.paging
        let result = await DialectProbe.detect(url: url, headers: headers, overrides: overrides, sender: RetryingSender(transport: transport)) {
            attempt, failure, wait in
            let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
            progress.note("\(failure.message); trying again (attempt \(attempt + 1)) in \(String(format: "%.1f", seconds)) s")
        }
        switch result {
        case .success(let reading):
            tracer?.note("dialect", [("list", text)] + reading.explanation.map { line in
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            })
            let pages = AnyAPIPages(url: url, reading: reading, headers: headers)
            return (AnyAPISource(pages: pages, fields: anyAPI.cardFields, picturesOrigin: pictures.picturesOrigin, spec: spec, name: name, byKeys: byKeys), reading)
        case .failure(let failure):
            throw RuntimeFailure("\(Sanitize.line(text)): \(failure.message)")
        }
    }
}
