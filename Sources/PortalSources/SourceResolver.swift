import Foundation
import PortalConfig
import PortalCore
import PortalOpenAPI
import PortalPaging

/// What a command wants the source for.
public enum SourceUse: Sendable {
    /// The browser: every list as a tab, opened on `tab` (`--tab`, or a saved API's LIST).
    case browse(tab: String?)
    /// `portal list`: one list (RESOURCE, or a saved API's LIST), items as served.
    case list(String?)
    /// `portal mcp`: the whole API, items as served, each list first read when used.
    case agent
}

/// The source a request resolves to, with what the commands need around it.
public struct ResolvedSource: Sendable {
    public var source: any Source
    /// The transport (traced, cached, scoped, signed in) every request goes through.
    public var connection: Connection
    /// The browser header's name for the API (`host:port`, `offline snapshot`).
    public var label: String
    /// The tab opened first (browse), or the list's tab (list).
    public var tab = 0
    /// `portal list`: the list's query (with the built-in filters) and what its items are called.
    public var query: ListQuery
    public var noun = "items"
    /// The list's own name (a saved list's, an OpenAPI operation's).
    public var listName = ""
    /// How the source was read, as `--explain` says it (GraphQL, OpenAPI).
    public var explanation: [String] = []
    /// `--url`: the list's reading (dialect, items, total).
    public var reading: ListReading?
    /// Tab index → `served from ORIGIN · gets no credentials`.
    public var originNotes: [Int: String] = [:]
    /// The root links are built under (`portal list`'s output, the agent's answers).
    public var baseURL: BaseURL
    /// The agent: each tab's list name, and each tab's text filter parameters (OpenAPI).
    public var listNames: [String]?
    public var textFilters: [ItemKind: [String]] = [:]
    /// A saved API's run (its tabs, sign-in and events), nil for the command line's.
    public var saved: SavedRun?
    /// The browser: the tabs it follows live (`--live`, `--events`, a saved list's `events`).
    public var live = LiveSetup.none

    init(source: any Source, connection: Connection, label: String, baseURL: BaseURL) {
        self.source = source
        self.connection = connection
        self.label = label
        self.baseURL = baseURL
        query = ListQuery(kind: source.tabs.first?.kind ?? ItemKind(rawValue: "items"))
    }
}

/// The one way from what the user asked (`SourceRequest`) to a source: the browser,
/// `portal list` and `portal mcp` all call `resolve`. It connects (trace, caches,
/// credentials scoped to the origins named, sign-in), reads what must be read before the
/// first screen (a `--url` list's first answer, a schema, a document, a saved API's
/// secrets) and says what the command shows around the source.
public struct SourceResolver: Sendable {
    public let reporter: any SourceReporting
    /// The sign-in password for an address (`PORTAL_PASSWORD`, else the terminal).
    public let password: @Sendable (String) -> String?

    public init(reporter: any SourceReporting = SilentReporting(), password: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.reporter = reporter
        self.password = password
    }

    /// `request` resolved for `use`, over `connection` when given (`portal mcp` shares one),
    /// else over one made here. A failure is a `SourceFailure` in the user's words; a trace
    /// that could not be written is said first.
    public func resolve(_ request: SourceRequest, for use: SourceUse, over connection: Connection? = nil) async throws -> ResolvedSource {
        if let name = request.saved { return try await resolveSaved(name, request, for: use, over: connection) }
        let made: Connection
        if let connection {
            made = connection
        } else {
            made = try request.connect()
            try await made.signIn(password: password)
        }
        do {
            var resolved = try await resolveNamed(request, for: use, over: made)
            if case .browse = use { resolved.live = try await liveSetup(request, resolved) }
            return resolved
        } catch {
            if let problem = made.traceProblem { reporter.say(problem) }
            throw error
        }
    }

    /// The API the command line names: `--graphql`, `--openapi`, `--url`, else a preset.
    func resolveNamed(_ request: SourceRequest, for use: SourceUse, over made: Connection) async throws -> ResolvedSource {
        if request.graphql != nil { return try await resolveGraphQL(request, for: use, over: made) }
        if request.openapi != nil { return try await resolveOpenAPI(request, for: use, over: made) }
        if let url = request.url {
            // The first answer decides the dialect before the screen changes; it stays in
            // the session cache, so the tab's first page costs no second request.
            let (listed, reading) = try await request.anyAPISource(url: url, transport: made.transport, tracer: made.tracer, reporter: reporter)
            var resolved = ResolvedSource(source: listed, connection: made, label: request.label, baseURL: use.isAgent ? BaseURL(url) : request.apiBaseURL)
            resolved.reading = reading
            resolved.noun = "items at this URL"
            return resolved
        }
        if case .list(let resource) = use {
            let (listed, query, noun) = try request.presetList(resource)
            var resolved = ResolvedSource(source: listed, connection: made, label: request.label, baseURL: request.apiBaseURL)
            resolved.query = query
            resolved.noun = noun
            resolved.tab = listed.tabs.firstIndex { $0.kind == query.kind } ?? 0
            return resolved
        }
        let source = try request.presetSource(asServed: use.isAgent)
        var resolved = ResolvedSource(source: source, connection: made, label: request.label, baseURL: request.apiBaseURL)
        resolved.tab = use.tabName.flatMap { TabSpec.index(of: $0, in: source.tabs) } ?? 0
        resolved.query = ListQuery(kind: source.tabs[resolved.tab].kind, filters: request.filters)
        return resolved
    }

    /// `--graphql`: the schema's lists (or `--query`'s); `portal list` names one by its root field.
    func resolveGraphQL(_ request: SourceRequest, for use: SourceUse, over made: Connection) async throws -> ResolvedSource {
        guard let found = try await request.graphQLSource(transport: made.transport, tracer: made.tracer), let endpoint = request.graphql else {
            throw SourceFailure.runtime("nothing to open")
        }
        let tabs = found.source.tabs
        var resolved = ResolvedSource(source: found.source, connection: made, label: request.label, baseURL: BaseURL(endpoint))
        resolved.explanation = found.explanation
        switch use {
        case .browse(let tab):
            resolved.tab = tab.flatMap { TabSpec.index(of: $0, in: tabs) } ?? 0
        case .list(let resource):
            if request.query == nil {
                let names = tabs.map(\.title).joined(separator: ", ")
                guard let resource else { throw SourceFailure.runtime("name the list: \(names)") }
                guard let named = tabs.firstIndex(where: { $0.title == resource }) ?? TabSpec.index(of: resource, in: tabs) else {
                    throw SourceFailure.runtime("'\(Sanitize.line(resource))' is not a list of this server (\(names))")
                }
                resolved.tab = named
            }
            resolved.noun = "items of \(tabs[resolved.tab].title)"
        case .agent:
            break
        }
        resolved.query = ListQuery(kind: tabs[resolved.tab].kind)
        return resolved
    }

    /// `--openapi`: the document's lists; `portal list` reads only the one it names.
    func resolveOpenAPI(_ request: SourceRequest, for use: SourceUse, over made: Connection) async throws -> ResolvedSource {
        let loaded: OpenAPITabs?
        if use.isAgent {
            // A document that cannot be used is a sentence for the agent, not the end of the server.
            let headers = try request.anyAPIHeaders()
            do throws(OpenAPIDocumentError) {
                loaded = try await request.openAPIDocument(transport: made.transport, headers: headers)
            } catch {
                throw SourceFailure.runtime("the OpenAPI document: \(error.description)")
            }
        } else {
            loaded = try await request.openAPITabs(transport: made.transport)
        }
        guard let tabs = loaded else { throw SourceFailure.runtime("nothing to open") }
        var only: OpenAPIList?
        if case .list(let resource) = use {
            let names = tabs.lists.map(\.name).joined(separator: ", ")
            if let resource {
                guard let named = tabs.list(named: resource) else {
                    throw SourceFailure(.refused(status: SourceRequest.badDocumentStatus), "'\(Sanitize.line(resource))' is not a list of the document (\(names))")
                }
                only = named
            } else if tabs.lists.count == 1 {
                only = tabs.lists[0]
            } else {
                throw SourceFailure(.refused(status: SourceRequest.badDocumentStatus), "name the list: \(names)")
            }
        }
        let (listed, explained) = try await request.openAPISource(tabs, transport: made.transport, tracer: made.tracer, reporter: reporter, only: only)
        var resolved = ResolvedSource(source: listed, connection: made, label: request.label, baseURL: BaseURL(request.openapi ?? ""))
        resolved.explanation = explained
        resolved.originNotes = request.untrustedOriginNotes(of: listed)
        if let only {
            resolved.query = ListQuery(kind: ItemKind(rawValue: only.name))
            resolved.noun = "items of \(only.name)"
            resolved.listName = only.name
        } else {
            resolved.tab = use.tabName.flatMap { TabSpec.index(of: $0, in: listed.tabs) } ?? 0
            resolved.listNames = tabs.lists.map(\.name)
            for (tab, list) in zip(listed.tabs, tabs.lists) where !list.textParameters.isEmpty { resolved.textFilters[tab.kind] = list.textParameters }
        }
        return resolved
    }
}

extension SourceResolver {
    /// The browser's live feeds for the command line's API: Realtime on a PostgREST table,
    /// else the GraphQL subscriptions, else `--events`.
    func liveSetup(_ request: SourceRequest, _ resolved: ResolvedSource) async throws -> LiveSetup {
        let (source, made) = (resolved.source, resolved.connection)
        let realtime = try LiveSetup.realtime(request.live, request: request, browseSource: source, session: made.session)
        let graphQL = realtime == nil
            ? try await LiveSetup.graphQL(request.live, request: request, browseSource: source, transport: made.transport) : nil
        return try realtime ?? graphQL ?? LiveSetup.events(request.events, request: request, browseSource: source)
    }
}

extension SourceUse {
    var isAgent: Bool { if case .agent = self { true } else { false } }

    /// The tab the browser opens on.
    var tabName: String? { if case .browse(let tab) = self { tab } else { nil } }
}
