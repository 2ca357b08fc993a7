import ArgumentParser
import Foundation
import PortalConfig
import PortalCore
import PortalCurl

/// A saved API as one run uses it (`portal NAME [LIST]`, `portal list NAME LIST`): read
/// from the config file, its secrets resolved, each of its lists turned into the flags that
/// would have opened it (`--url … --header … --items … --paging … --fields …`, or `--api
/// rickandmorty --base-url …` for a preset), so a saved list is read exactly as the same
/// command line would read it, and its sign-in (OAuth2, Supabase) put in the session
/// machinery every signed-in request goes through.
struct SavedRun {
    let resolved: ResolvedAPI

    var api: SavedAPI { resolved.api }

    /// The saved API `name` in the config file (`--config`, else the default); a bad file
    /// or an unknown name is a usage error (exit 2), the file's with its line.
    static func api(named name: String, config: String?) throws -> SavedAPI {
        let (file, path) = try load(config: config)
        guard let api = file.api(named: name) else {
            let known = file.apis.map(\.name)
            throw ValidationError("no saved API named '\(Sanitize.line(name))' in \(Sanitize.line(path))"
                + (known.isEmpty ? "" : " (saved: \(known.map(Sanitize.line).joined(separator: ", ")))"))
        }
        return api
    }

    /// The config file and its path; a bad file is a usage error with its line (exit 2).
    @discardableResult
    static func load(config: String?) throws -> (ConfigFile, String) {
        let path = ConfigFile.path(explicit: config, environment: ProcessInfo.processInfo.environment)
        do {
            return (try ConfigFile.load(path: path), path)
        } catch {
            throw ValidationError(Sanitize.line(error.description))
        }
    }

    /// The names saved in the config file, for completions; none when it cannot be read.
    static func savedNames(config: String? = nil) -> [String] {
        let path = ConfigFile.path(explicit: config, environment: ProcessInfo.processInfo.environment)
        return ((try? ConfigFile.load(path: path))?.apis ?? []).map(\.name)
    }

    /// Reads `api`'s secrets; one that cannot be read is a runtime failure naming its key.
    static func resolve(_ api: SavedAPI) async throws -> SavedRun {
        if api.openapi != nil, api.url == nil { throw RuntimeFailure("apis.\(Sanitize.line(api.name)).openapi: OpenAPI documents are not read yet; give url and lists") }
        if api.graphql != nil, api.url == nil { throw RuntimeFailure("apis.\(Sanitize.line(api.name)).graphql: GraphQL is not read yet; give url and lists") }
        do {
            return SavedRun(resolved: try await ResolvedAPI.resolve(api, resolver: SecretResolver()))
        } catch {
            throw RuntimeFailure(Sanitize.line(error.description))
        }
    }

    /// The header's source label: the API's host (and port), as `--url` shows it.
    var label: String {
        guard let split = (api.url ?? resolved.tabs.first?.url).flatMap(SplitURL.init) else { return api.kind ?? api.name }
        return split.origin.host + (split.origin.port == 80 || split.origin.port == 443 ? "" : ":\(split.origin.port)")
    }

    /// A built-in preset (`kind = "rickandmorty"`): its own tabs, at `url` when given.
    var preset: String? { api.kind }

    /// The tab names, in order: the preset's or the saved lists'.
    func tabNames() throws -> [String] {
        if preset != nil { return try presetOptions().browseSource().tabs.map { $0.title.lowercased() } }
        return resolved.tabs.map(\.name)
    }

    /// The flags every list of this API shares: its headers and where pictures come from.
    private var sharedFlags: [String] {
        var flags: [String] = []
        for (name, value) in resolved.headers.fields.sorted(by: { $0.key < $1.key }) { flags += ["--header", "\(name): \(value)"] }
        if let origin = api.picturesOrigin { flags += ["--pictures-origin", origin] }
        return flags
    }

    /// The source options `--api PRESET [--base-url URL] [--page-size N] --header …` give.
    func presetOptions() throws -> SourceOptions {
        var flags = ["--api", preset ?? ""]
        if let url = api.url { flags += ["--base-url", url] }
        if let size = api.pageSize { flags += ["--page-size", String(size)] }
        return try parse(flags + sharedFlags)
    }

    /// The source options `--url URL [--items …] [--paging …] [--fields …] --header …` give.
    func options(for tab: ResolvedAPI.Tab) throws -> SourceOptions {
        var flags = ["--url", tab.url]
        if let items = tab.items { flags += ["--items", items] }
        if let paging = tab.paging { flags += ["--paging", paging] }
        if let fields = tab.fields { flags += ["--fields", fields.joined(separator: ",")] }
        return try parse(flags + sharedFlags)
    }

    /// Parses flags made here; a value the flags refuse names the saved API (the message
    /// never repeats a header's value).
    private func parse(_ flags: [String]) throws -> SourceOptions {
        do {
            return try SourceOptions.parse(flags)
        } catch {
            let message = SourceOptions.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid"
            throw ValidationError("apis.\(Sanitize.line(api.name)): \(Sanitize.line(message))")
        }
    }

    /// The tab `name` names (a saved list's name, or a preset's tab), or a usage error listing them.
    func tabIndex(_ name: String) throws -> Int {
        let names = try tabNames()
        if let index = names.firstIndex(of: name) ?? names.firstIndex(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { return index }
        if preset != nil, let index = TabSpec.index(of: name, in: try presetOptions().browseSource().tabs) { return index }
        throw ValidationError("'\(Sanitize.line(name))' is not a list of \(Sanitize.line(api.name)) (\(names.map(Sanitize.line).joined(separator: ", ")))")
    }

    /// The browser's source: the preset's, or every saved list side by side as tabs, each
    /// read as `--url` reads its list (its first answer asked for now, through `transport`).
    func browseSource(transport: any Transport, tracer: TracingTransport?) async throws -> any Source {
        if preset != nil { return try presetOptions().browseSource() }
        var lists: [(name: String, source: any Source)] = []
        for tab in resolved.tabs {
            let options = try options(for: tab)
            lists.append((tab.name, try await options.anyAPISource(url: tab.url, transport: transport, tracer: tracer).0))
        }
        return SavedTabsSource.make(title: api.name, lists: lists)
    }

    /// One list for `portal list`: its source (items as served) and the query of its tab.
    func listSource(_ index: Int, transport: any Transport, tracer: TracingTransport?) async throws -> (any Source, ListQuery) {
        if preset != nil {
            let options = try presetOptions()
            let made = options.api.makeSource(try options.settings(asServed: true))
            return (made, ListQuery(kind: made.tabs[index].kind))
        }
        let tab = resolved.tabs[index]
        let listed = try await options(for: tab).anyAPISource(url: tab.url, transport: transport, tracer: tracer).0
        return (listed, ListQuery(kind: listed.tabs[0].kind))
    }

    /// The root whose origin gets the session's token: `url`, else the first list's.
    private var apiRoot: String? { api.url ?? resolved.tabs.first?.url }

    /// `made` (the command's own `--trace` and caches) with this API's sign-in: OAuth2's
    /// first token or Supabase's password sign-in is had now, so a refusal is one line
    /// before anything else; every later token request goes straight to the network
    /// (traced, never cached), as Supabase's does with `--email`.
    func connect(_ made: Connection, offline: Bool) async throws -> Connection {
        guard let root = apiRoot, resolved.oauth2 != nil || resolved.supabase != nil else { return made }
        let network: any Transport = made.tracer.map { $0.tracing(CurlTransport()) } ?? CurlTransport()
        if let grant = resolved.oauth2 {
            if offline {
                // Offline nothing is sent: the answers are found under the client they were had as.
                let transport = OfflineUserTransport(wrapping: made.transport, userID: "oauth2:" + grant.clientID, apiRoot: root)
                return Connection(transport: transport, tracer: made.tracer, session: nil, email: nil, remember: nil)
            }
            let session = AuthSession(grant: grant, transport: network)
            do { try await session.start() } catch { throw RuntimeFailure(error.description) }
            let transport = SessionTransport(wrapping: made.transport, session: session, apiRoot: root)
            return Connection(transport: transport, tracer: made.tracer, session: nil, email: nil, remember: nil)
        }
        guard let supabase = resolved.supabase, let authURL = GoTrueRequests.authURL(besideRestRoot: root) else { return made }
        if offline { throw RuntimeFailure("--offline: a saved Supabase sign-in needs the network (use portal --email --offline)") }
        let session = AuthSession(requests: GoTrueRequests(authURL: authURL, apiKey: supabase.key ?? ""), transport: network)
        do { try await session.signIn(email: supabase.email, password: supabase.password) } catch { throw RuntimeFailure(error.description) }
        let transport = SessionTransport(wrapping: made.transport, session: session, apiRoot: root)
        return Connection(transport: transport, tracer: made.tracer, session: nil, email: nil, remember: nil)
    }
}
