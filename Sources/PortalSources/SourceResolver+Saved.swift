import Foundation
import PortalConfig
import PortalCore

/// A saved API NAME [LIST]: its secrets read, its sign-in made over the command's own
/// trace and caches, then its lists as the same command line would read them (`SavedRun`).
extension SourceResolver {
    func resolveSaved(_ name: String, _ request: SourceRequest, for use: SourceUse, over connection: Connection?) async throws -> ResolvedSource {
        let run = try await SavedRun.resolve(try SavedRun.api(named: name, config: request.config, environment: request.environment),
                                             environment: request.environment)
        let made = try await run.connect(try connection ?? request.connect(scopingCredentials: false), offline: request.cache.offline)
        do {
            return try await resolve(run, request, for: use, over: made)
        } catch {
            if let problem = made.traceProblem { reporter.say(problem) }
            throw error
        }
    }

    private func resolve(_ run: SavedRun, _ request: SourceRequest, for use: SourceUse, over made: Connection) async throws -> ResolvedSource {
        let (transport, tracer) = (made.transport, made.tracer)
        switch use {
        case .browse(let tab):
            let source = try await run.browseSource(transport: transport, tracer: tracer, reporter: reporter, readWhenUsed: true)
            var resolved = ResolvedSource(source: source, connection: made, label: run.label, baseURL: request.apiBaseURL)
            resolved.tab = try tab.map { name throws(SourceFailure) in try run.tabIndex(name, in: source) } ?? 0
            resolved.originNotes = run.untrustedOriginNotes(of: source)
            resolved.saved = run
            // --live (a GraphQL API), else the lists' own `events`.
            resolved.live = try await LiveSetup.savedGraphQL(request.live, run: run, browseSource: source, made: made)
                ?? LiveSetup.saved(run, browseSource: source, session: made.session)
            return resolved
        case .list(let name):
            let (listed, query, listName) = try await run.listSource(named: name, transport: transport, tracer: tracer, reporter: reporter)
            var resolved = ResolvedSource(source: listed, connection: made, label: run.label, baseURL: request.apiBaseURL)
            resolved.query = query
            resolved.tab = listed.tabs.firstIndex { $0.kind == query.kind } ?? 0
            resolved.noun = "items of \(Sanitize.line(run.api.name)) \(Sanitize.line(listName))"
            resolved.listName = listName
            resolved.saved = run
            return resolved
        case .agent:
            var resolved: ResolvedSource
            if let described = try run.describedRequest() {
                resolved = try await resolveNamed(described, for: .agent, over: made)
            } else if run.preset != nil {
                resolved = try await resolveNamed(try run.presetRequest(), for: .agent, over: made)
            } else {
                let listed = try await run.browseSource(transport: transport, tracer: tracer, reporter: reporter)
                resolved = ResolvedSource(source: listed, connection: made, label: run.label, baseURL: BaseURL(run.api.url ?? ""))
                resolved.listNames = run.resolved.tabs.map(\.name)
            }
            resolved.saved = run
            return resolved
        }
    }
}
