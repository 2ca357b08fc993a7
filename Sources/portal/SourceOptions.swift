import ArgumentParser
import Foundation
import PortalCore
import PortalHTTP
import PortalServers

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

    /// `--base-url`, normalised once here (trailing slashes trimmed); every source,
    /// strategy and rule below takes it as it is.
    var base: BaseURL? { baseURL.map { BaseURL($0) } }

    /// The API this source speaks (`--api`, else inferred from `--base-url`).
    var api: APIDescription { dialect.description(baseURL: base) }

    /// `--header` lines and `PORTAL_API_KEY`, for every request.
    func requestHeaders() throws -> RequestHeaders {
        try dialect.headers(environment: ProcessInfo.processInfo.environment)
    }

    /// The on-disk HTTP cache (`--cache-dir`, `--no-cache`, `--offline`, …).
    @OptionGroup var cache: CacheOptions

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
        if api.liveBaseURL == nil, data == nil, baseURL == nil {
            throw ValidationError("--api \(api.kind) needs --base-url (there is no public \(api.title) to default to) or --data")
        }
        try dialect.check(for: api)
    }

    /// The API root that links are built under: `--base-url`, else the snapshot's root
    /// with `--data`, else the live service's.
    var apiBaseURL: BaseURL {
        if let base { return base }
        if data != nil { return api.snapshotBaseURL }
        return api.liveBaseURL ?? api.snapshotBaseURL
    }

    /// What the dialect's source is made from: the base URL, `--page-size`, the headers
    /// (`--header`, the key) and PostgREST's `--table`, `--where` and `--order`.
    /// `table` overrides `--table` (`portal list TABLE`); `asServed` keeps rows as served.
    func settings(table: String? = nil, asServed: Bool = false) throws -> SourceSettings {
        SourceSettings(
            baseURL: apiBaseURL, pageSize: dialect.pageSize ?? APIKind.defaultPageSize, headers: try requestHeaders(),
            table: table ?? dialect.tableName, filters: try dialect.filters(), order: try dialect.sortOrder(),
            asServed: asServed)
    }

    /// The API the browser shows, with its tabs: the dialect's source (`APIDescription`).
    func browseSource() throws -> any Source {
        api.makeSource(try settings())
    }

    /// How the source is named in the UI header.
    var label: String {
        if data != nil { return "offline snapshot" }
        return SplitURL(apiBaseURL.text).map { $0.origin.host + ($0.origin.port == 80 || $0.origin.port == 443 ? "" : ":\($0.origin.port)") } ?? apiBaseURL.text
    }

    /// Builds the connection: traced when `--trace` is given, and for HTTP, cached by URL
    /// for the session in memory, and on disk across runs behind it.
    func connect() throws -> Connection {
        var transport: any Transport
        if let data {
            transport = try SnapshotTransport(dataFolder: data, api: api.kind)
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
        return Connection(transport: transport, tracer: tracer)
    }
}

/// The transport a command uses, and the tracer inside it (if any) whose write failure
/// the command reports once it is done.
struct Connection {
    let transport: any Transport
    let tracer: TracingTransport?

    /// One line about a trace that could not be written, for stderr; nil when all went well.
    var traceProblem: String? { tracer?.writeFailure }
}
