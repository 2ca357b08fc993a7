import ArgumentParser
import Foundation
import PortalConfig
import PortalCore
import PortalCurl
import PortalJQ

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
            let file = try ConfigFile.load(path: path)
            // The variables holding the file's secrets are no jq program's to read.
            JQEnvironment.hide(file.apis.flatMap(\.environmentNames))
            return (file, path)
        } catch {
            throw ValidationError(Sanitize.line(error.description))
        }
    }

    /// Every run: the variables the config file (`--config FILE` in `arguments`, else the
    /// default) names by `env:` are hidden from jq programs — read only when a program is
    /// compiled, so a run without `--jq` or `|` never reads the file for it.
    static func hideConfigSecretsFromJQ(arguments: [String]) {
        var explicit: String?
        for (index, word) in arguments.enumerated() {
            if word == "--config", index + 1 < arguments.count { explicit = arguments[index + 1] }
            if word.hasPrefix("--config=") { explicit = String(word.dropFirst("--config=".count)) }
        }
        let path = ConfigFile.path(explicit: explicit, environment: ProcessInfo.processInfo.environment)
        JQEnvironment.hide(later: { ((try? ConfigFile.load(path: path))?.apis ?? []).flatMap(\.environmentNames) })
    }

    /// The names saved in the config file, for completions; none when it cannot be read.
    static func savedNames(config: String? = nil) -> [String] {
        let path = ConfigFile.path(explicit: config, environment: ProcessInfo.processInfo.environment)
        return ((try? ConfigFile.load(path: path))?.apis ?? []).map(\.name)
    }

    /// Reads `api`'s secrets; one that cannot be read is a runtime failure naming its key.
    static func resolve(_ api: SavedAPI) async throws -> SavedRun {
        do {
            return SavedRun(resolved: try await ResolvedAPI.resolve(api, resolver: SecretResolver()))
        } catch {
            throw RuntimeFailure(Sanitize.line(error.description))
        }
    }

    /// The header's source label: the API's host (and port), as `--url` shows it.
    var label: String {
        guard let split = (api.url ?? resolved.tabs.first?.url ?? api.graphql ?? api.openapi).flatMap(SplitURL.init) else { return api.kind ?? api.name }
        return split.origin.host + (split.origin.port == 80 || split.origin.port == 443 ? "" : ":\(split.origin.port)")
    }

    /// A built-in preset (`kind = "rickandmorty"`): its own tabs, at `url` when given.
    var preset: String? { api.kind }

    /// The flags every list of this API shares: its headers and where pictures come from.
    private var sharedFlags: [String] {
        // The config names this API's credentials; PORTAL_API_KEY is not sent to it.
        var flags: [String] = ["--no-key-variable"]
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

    /// `openapi = …` (`--openapi`) or `graphql = …` (`--graphql`): the source options that
    /// read the API's lists from its document or schema; nil for a preset or saved lists.
    func describedOptions() throws -> SourceOptions? {
        // `url` beside `openapi` names the origin its lists are served from (it gets the credentials).
        if let document = api.openapi { return try parse(["--openapi", document] + (api.url.map { ["--base-url", $0] } ?? []) + sharedFlags) }
        if let endpoint = api.graphql {
            return try parse(["--graphql", endpoint] + (api.pageSize.map { ["--page-size", String($0)] } ?? []) + sharedFlags)
        }
        return nil
    }

    /// The browser's source: the document's or schema's lists, the preset's, or every saved
    /// list side by side as tabs, each read as `--url` reads its list: its first answer
    /// asked for now, through `transport`, or (`readWhenUsed`, the browser) when its tab is
    /// shown, so a config of many lists asks nothing before the first screen but that tab's.
    func browseSource(transport: any Transport, tracer: TracingTransport?, readWhenUsed: Bool = false) async throws -> any Source {
        if let options = try describedOptions() {
            if let found = try await options.graphQLSource(transport: transport, tracer: tracer) { return found.source }
            if let source = try await options.openAPIBrowseSource(transport: transport, tracer: tracer) { return source }
        }
        if preset != nil { return try presetOptions().browseSource() }
        var lists: [(name: String, source: any Source)] = []
        for tab in resolved.tabs {
            let options = try options(for: tab)
            if readWhenUsed {
                lists.append((tab.name, try options.unreadAnyAPISource(url: tab.url, spec: tab.spec, name: tab.name, byKeys: resolved.byKeys)))
                continue
            }
            lists.append((tab.name, try await options.anyAPISource(url: tab.url, transport: transport, tracer: tracer, spec: tab.spec, name: tab.name,
                                                                   byKeys: resolved.byKeys).0))
        }
        return SavedTabsSource(title: api.name, lists: lists)
    }

    /// The tab `name` names in `source`'s tabs (its title or kind, any case), or a usage
    /// error listing them.
    func tabIndex(_ name: String, in source: any Source) throws -> Int {
        let tabs = source.tabs
        if let index = tabs.firstIndex(where: { $0.kind.rawValue == name || $0.title == name }) ?? TabSpec.index(of: name, in: tabs) { return index }
        let names = tabs.map { $0.kind.rawValue == $0.title.lowercased() ? $0.kind.rawValue : $0.title.lowercased() }
        throw ValidationError("'\(Sanitize.line(name))' is not a list of \(Sanitize.line(api.name)) (\(names.map(Sanitize.line).joined(separator: ", ")))")
    }

    /// One list for `portal list` (`name`, or the only one): its source (items as served),
    /// the query of its tab and its name. Only that list's first page is asked.
    func listSource(named name: String?, transport: any Transport, tracer: TracingTransport?) async throws -> (any Source, ListQuery, String) {
        let source: any Source
        if let options = try describedOptions(), let tabs = try await options.openAPITabs(transport: transport) {
            let names = tabs.lists.map(\.name)
            guard let chosen = name.flatMap(tabs.list(named:)) ?? (name == nil && names.count == 1 ? tabs.lists.first : nil) else {
                throw ValidationError(name.map { "'\(Sanitize.line($0))' is not a list of \(Sanitize.line(api.name)) (\(names.joined(separator: ", ")))" }
                    ?? "name one of \(Sanitize.line(api.name))'s lists: \(names.joined(separator: ", "))")
            }
            let listed = try await options.openAPISource(tabs, transport: transport, tracer: tracer, only: chosen).0
            return (listed, ListQuery(kind: ItemKind(rawValue: chosen.name)), chosen.name)
        } else if let options = try describedOptions(), let found = try await options.graphQLSource(transport: transport, tracer: tracer) {
            source = found.source
        } else if preset != nil {
            let options = try presetOptions()
            source = options.api.makeSource(try options.settings(asServed: true))
        } else {
            let index: Int
            if let name {
                guard let found = resolved.tabs.firstIndex(where: { $0.name == name }) else {
                    throw ValidationError("'\(Sanitize.line(name))' is not a list of \(Sanitize.line(api.name)) (\(resolved.tabs.map(\.name).map(Sanitize.line).joined(separator: ", ")))")
                }
                index = found
            } else if resolved.tabs.count == 1 {
                index = 0
            } else {
                throw ValidationError("name one of \(Sanitize.line(api.name))'s lists: \(resolved.tabs.map(\.name).map(Sanitize.line).joined(separator: ", "))")
            }
            let tab = resolved.tabs[index]
            let listed = try await options(for: tab).anyAPISource(url: tab.url, transport: transport, tracer: tracer, spec: tab.spec, name: tab.name,
                                                                  byKeys: resolved.byKeys).0
            return (listed, ListQuery(kind: listed.tabs[0].kind), tab.name)
        }
        let tabs = source.tabs
        guard let name else {
            guard tabs.count == 1 else {
                throw ValidationError("name one of \(Sanitize.line(api.name))'s lists: \(tabs.map { $0.title.lowercased() }.joined(separator: ", "))")
            }
            return (source, ListQuery(kind: tabs[0].kind), tabs[0].title)
        }
        let index = try tabIndex(name, in: source)
        return (source, ListQuery(kind: tabs[index].kind), name)
    }

    /// The root whose origin gets the session's token: `url`, else the first list's, else
    /// the `graphql` endpoint.
    var apiRoot: String? { api.url ?? resolved.tabs.first?.url ?? api.graphql }

    /// `made` (the command's own `--trace` and caches) with this API's sign-in: OAuth2's
    /// first token or Supabase's password sign-in is had now, so a refusal is one line
    /// before anything else; every later token request goes straight to the network
    /// (traced, never cached), as Supabase's does with `--email`.
    func connect(_ given: Connection, offline: Bool) async throws -> Connection {
        // The saved headers go only to the origins the file names (`url`, the document's
        // or endpoint's own, each list's).
        let made = Connection(transport: CredentialScopeTransport(wrapping: given.transport, scope: credentialScope), tracer: given.tracer,
                              session: given.session, email: given.email, remember: given.remember)
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
            return Connection(transport: transport, tracer: made.tracer, session: session, email: nil, remember: nil)
        }
        guard let supabase = resolved.supabase, let authURL = GoTrueRequests.authURL(besideRestRoot: root) else { return made }
        if offline { throw RuntimeFailure("--offline: a saved Supabase sign-in needs the network (use portal --email --offline)") }
        let session = AuthSession(requests: GoTrueRequests(authURL: authURL, apiKey: supabase.key ?? ""), transport: network)
        do { try await session.signIn(email: supabase.email, password: supabase.password) } catch { throw RuntimeFailure(error.description) }
        let transport = SessionTransport(wrapping: made.transport, session: session, apiRoot: root)
        // The session rides along for the live feeds (its email is nil: nothing signs in again).
        return Connection(transport: transport, tracer: made.tracer, session: session, email: nil, remember: nil)
    }
}
