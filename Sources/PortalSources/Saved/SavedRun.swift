import Foundation
import PortalConfig
import PortalCore
import PortalPresets
import PortalJQ

/// A saved API as one run uses it (`portal NAME [LIST]`, `portal list NAME LIST`, `portal
/// mcp`): read from the config file, its secrets resolved, each of its lists turned into
/// the request that would have opened it from the command line (`--url … --header …
/// --items … --paging … --fields …`, or `--api rickandmorty --base-url …` for a preset), so
/// a saved list is read exactly as the same command line would read it, and its sign-in
/// (OAuth2, Supabase) put in the session machinery every signed-in request goes through.
public struct SavedRun: Sendable {
    public let resolved: ResolvedAPI
    /// The command's environment, passed on to each list's request.
    public let environment: [String: String]

    public var api: SavedAPI { resolved.api }

    /// The saved API `name` in the config file (`config`, else `$XDG_CONFIG_HOME`'s or the
    /// default); a bad file or an unknown name is a usage error, the file's with its line.
    public static func api(named name: String, config: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(SourceFailure) -> SavedAPI {
        let (file, path) = try load(config: config, environment: environment)
        return try api(named: name, in: file, path: path)
    }

    /// The saved API `name` in `file` (read from `path`); an unknown name is a usage error
    /// naming the saved ones.
    public static func api(named name: String, in file: ConfigFile, path: String) throws(SourceFailure) -> SavedAPI {
        guard let api = file.api(named: name) else {
            let known = file.apis.map(\.name)
            throw .usage("no saved API named '\(Sanitize.line(name))' in \(Sanitize.line(path))"
                + (known.isEmpty ? "" : " (saved: \(known.map(Sanitize.line).joined(separator: ", ")))"))
        }
        return api
    }

    /// The config file and its path; a bad file is a usage error with its line.
    @discardableResult
    public static func load(config: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(SourceFailure) -> (ConfigFile, String) {
        let path = ConfigFile.path(explicit: config, environment: environment)
        do {
            let file = try ConfigFile.load(path: path)
            // The variables holding the file's secrets are no jq program's to read.
            JQEnvironment.hide(file.apis.flatMap(\.environmentNames))
            return (file, path)
        } catch {
            throw .usage(Sanitize.line(error.description))
        }
    }

    /// The names saved in the config file, for completions; none when it cannot be read.
    public static func savedNames(config: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let path = ConfigFile.path(explicit: config, environment: environment)
        return ((try? ConfigFile.load(path: path))?.apis ?? []).map(\.name)
    }

    /// Reads `api`'s secrets; one that cannot be read is a runtime failure naming its key.
    public static func resolve(_ api: SavedAPI, environment: [String: String] = ProcessInfo.processInfo.environment) async throws(SourceFailure) -> SavedRun {
        do {
            return SavedRun(resolved: try await ResolvedAPI.resolve(api, resolver: SecretResolver()), environment: environment)
        } catch {
            throw .runtime(Sanitize.line(error.description))
        }
    }

    public init(resolved: ResolvedAPI, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.resolved = resolved
        self.environment = environment
    }

    /// The header's source label: the API's host (and port), as `--url` shows it.
    public var label: String {
        (api.url ?? resolved.tabs.first?.url ?? api.graphql ?? api.openapi).flatMap(SourceRequest.hostLabel) ?? api.kind ?? api.name
    }

    /// A built-in preset (`kind = "rickandmorty"`): its own tabs, at `url` when given.
    public var preset: String? { api.kind }

    /// What every list of this API shares: its headers and where pictures come from; the
    /// config names this API's credentials, so `PORTAL_API_KEY` is not sent to it.
    private var shared: SourceRequest {
        var request = SourceRequest()
        request.environment = environment
        request.ignoresKeyVariable = true
        request.headerLines = resolved.headers.fields.sorted(by: { $0.key < $1.key }).map { "\($0.key): \($0.value)" }
        if let origin = api.picturesOrigin.flatMap(PicturesOrigin.init(rawValue:)) { request.picturesOrigin = origin }
        return request
    }

    /// The request `--api PRESET [--base-url URL] [--page-size N] --header …` makes.
    public func presetRequest() throws(SourceFailure) -> SourceRequest {
        var request = shared
        guard let kind = APIRegistry.named(preset ?? "")?.kind else {
            throw .usage("apis.\(Sanitize.line(api.name)): the kind '\(Sanitize.line(preset ?? ""))' is none of \(APIRegistry.presets.map(\.kind.rawValue).joined(separator: ", "))")
        }
        request.api = kind
        request.baseURL = api.url
        request.pageSize = api.pageSize
        return try checked(request)
    }

    /// The request `--url URL [--items …] [--paging …] [--fields …] --header …` makes.
    public func request(for tab: ResolvedAPI.Tab) throws(SourceFailure) -> SourceRequest {
        var request = shared
        request.url = tab.url
        request.items = tab.items
        request.paging = tab.paging
        request.fields = tab.fields?.joined(separator: ",")
        return try checked(request)
    }

    /// `openapi = …` (`--openapi`, `url` beside it naming the origin its lists are served
    /// from) or `graphql = …` (`--graphql`): the request that reads the API's lists from its
    /// document or schema; nil for a preset or saved lists.
    public func describedRequest() throws(SourceFailure) -> SourceRequest? {
        var request = shared
        if let document = api.openapi {
            request.openapi = document
            request.baseURL = api.url
        } else if let endpoint = api.graphql {
            request.graphql = endpoint
            request.pageSize = api.pageSize
        } else {
            return nil
        }
        return try checked(request)
    }

    /// `request` checked as the command line's is; a value refused names the saved API
    /// (the message never repeats a header's value).
    private func checked(_ request: SourceRequest) throws(SourceFailure) -> SourceRequest {
        var request = request
        do {
            try request.validate()
        } catch {
            throw .usage("apis.\(Sanitize.line(api.name)): \(Sanitize.line(error.message))")
        }
        return request
    }

    /// The root whose origin gets the session's token: `url`, else the first list's, else
    /// the `graphql` endpoint.
    public var apiRoot: String? { api.url ?? resolved.tabs.first?.url ?? api.graphql }
}
