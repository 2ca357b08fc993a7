import ArgumentParser
import Foundation
import PortalCore
import PortalSources

/// Where data comes from, for every command: the flags naming the API (a preset, `--url`,
/// `--openapi`, `--graphql`), how to reach it (`--data`, `--base-url`, `--header`, the
/// cache, `--trace`) and how to read it. Parsing only: `request` is the plain value these
/// flags describe, which `SourceResolver` (PortalSources) checks and turns into a source.
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

    /// The on-disk HTTP cache (`--cache-dir`, `--no-cache`, `--offline`, …).
    @OptionGroup var cache: CacheOptions

    /// Supabase: `--email`, `--rpc`, `--args`, `--count` (see SupabaseOptions).
    @OptionGroup var supabase: SupabaseOptions

    /// `--graphql` and `--query` (see GraphQLOptions).
    @OptionGroup var graphQL: GraphQLOptions

    /// `--openapi` (see OpenAPIOptions).
    @OptionGroup var openAPI: OpenAPIOptions

    func validate() throws {
        var request = raw
        try usage { try request.validate() }
    }

    /// The flags as given (a user and password still in the URLs).
    private var raw: SourceRequest {
        var request = SourceRequest()
        request.url = anyAPI.url
        request.paging = anyAPI.paging
        request.items = anyAPI.items
        request.fields = anyAPI.fields
        request.graphql = graphQL.graphql
        request.query = graphQL.query
        request.openapi = openAPI.location
        request.data = data
        request.baseURL = baseURL
        request.api = apiOptions.api
        request.pageSize = apiOptions.pageSize
        request.table = apiOptions.table
        request.whereClauses = apiOptions.whereClauses
        request.order = apiOptions.order
        request.headerLines = apiOptions.headerLines
        request.ignoresKeyVariable = apiOptions.ignoresKeyVariable
        request.picturesOrigin = pictures.picturesOrigin
        request.email = supabase.email
        request.rpc = supabase.rpc
        request.args = supabase.args
        request.count = supabase.count
        request.trace = trace
        request.cache = cache.settings
        return request
    }

    /// What these flags ask for, checked (by `validate`) and with a user and password taken
    /// out of the URLs (they go as `Authorization: Basic`).
    var request: SourceRequest {
        var request = raw
        request.takeCredentialsOutOfURLs()
        return request
    }

    /// The request for a saved API NAME (`config`: `--config`), with these flags' trace and cache.
    func request(saved name: String, config: String?) -> SourceRequest {
        var request = self.request
        request.saved = name
        request.config = config
        return request
    }
}

/// `body`, a `SourceFailure` it throws becoming the usage error ArgumentParser reports
/// (for `validate()`, where only its own errors keep exit status 2).
@discardableResult
func usage<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let failure as SourceFailure {
        throw ValidationError(failure.message)
    }
}

/// Resolves with the executable's stderr and password prompt.
extension SourceResolver {
    static let standard = SourceResolver(reporter: StandardErrorReporting()) { email in
        PasswordPrompt.password(for: email, environment: ProcessInfo.processInfo.environment)
    }
}

/// The resolver's lines on stderr (`portal: …`), its retry note drawn in place on a terminal.
struct StandardErrorReporting: SourceReporting {
    func say(_ line: String) { StandardStreams.error(line) }

    func note(_ line: String?) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        guard let line else { return FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let shown = OutputCharset.of(descriptor: STDERR_FILENO).shown(Sanitize.line("portal: " + line))
        FileHandle.standardError.write(Data(("\r" + shown + "\u{1B}[K").utf8))
    }
}
