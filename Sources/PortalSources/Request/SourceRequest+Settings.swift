import Foundation
import PortalConfig
import PortalCore
import PortalPresets
import PortalAuth
import PortalPaging

/// What the request's values mean for a source: the preset, the headers, PostgREST's
/// filters and order, the API root and the label the browser's header shows.
extension SourceRequest {
    /// `--base-url`, normalised once here (trailing slashes trimmed).
    public var base: BaseURL? { baseURL.map { BaseURL($0) } }

    /// The preset: `--api`, else the base URL's, else Rick and Morty.
    public var preset: APIPreset {
        if let api { return APIRegistry.preset(of: api) }
        return base.map(APIRegistry.inferred(from:)) ?? APIRegistry.presets[0]
    }

    /// The API root that links are built under: `--base-url`, else the snapshot's root
    /// with `--data`, else the live service's.
    public var apiBaseURL: BaseURL {
        if let base { return base }
        if data != nil { return preset.snapshotBaseURL }
        return preset.liveBaseURL ?? preset.snapshotBaseURL
    }

    /// `PORTAL_API_KEY`, unless this source ignores it (a saved API's).
    public var keyVariable: String? {
        ignoresKeyVariable ? nil : environment[RequestHeaders.apiKeyVariable]
    }

    public var tableName: String { table ?? "characters" }

    /// `--header` lines, then the key from `PORTAL_API_KEY` (which wins over a `--header`
    /// of the same name), the way the built-in APIs send it.
    public func requestHeaders() throws(SourceFailure) -> RequestHeaders {
        var headers = try givenHeaders()
        if let key = keyVariable {
            do { try headers.addAPIKey(key) } catch { throw .usage("\(error)") }
        }
        return headers
    }

    /// `--header` lines, then `PORTAL_API_KEY` as `Authorization: Bearer KEY` (what most
    /// APIs take; it replaces a `--header` of that name): `--url`, `--graphql`, `--openapi`.
    public func anyAPIHeaders() throws(SourceFailure) -> [String: String] {
        var headers = try givenHeaders()
        if let key = keyVariable {
            do { try headers.add(line: "Authorization: Bearer \(key)") } catch {
                throw .usage("\(RequestHeaders.apiKeyVariable) cannot be sent as a header (a line break or other control character in it)")
            }
        }
        return headers.applied(to: [:])
    }

    /// The `--header` lines, each checked (a bad one is a usage error naming no value).
    private func givenHeaders() throws(SourceFailure) -> RequestHeaders {
        var headers = RequestHeaders()
        for line in headerLines {
            do { try headers.add(line: line) } catch { throw .usage("\(error)") }
        }
        return headers
    }

    public func parsedFilters() throws(SourceFailure) -> [PostgRESTFilter] {
        var parsed: [PostgRESTFilter] = []
        for text in whereClauses {
            do { parsed.append(try PostgRESTFilter(parsing: text)) } catch { throw .usage("\(error)") }
        }
        return parsed
    }

    public func sortOrder() throws(SourceFailure) -> PostgRESTOrder {
        guard let order else { return .byID }
        do { return try PostgRESTOrder(parsing: order) } catch { throw .usage("\(error)") }
    }

    /// The function to list (`--rpc`), with its arguments (`{}` without `--args`).
    public func function() throws(SourceFailure) -> PostgRESTFunction? {
        guard let rpc else { return nil }
        guard let args else { return .init(name: rpc) }
        let data = Data(args.utf8)
        guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
            throw .usage("--args must be a JSON object, e.g. '{\"status\":\"Dead\"}'")
        }
        return .init(name: rpc, arguments: data)
    }

    /// `--url`'s overrides of what detection reads.
    public var overrides: DialectDetector.Overrides {
        DialectDetector.Overrides(items: items.map { $0.split(separator: ".").map(String.init) }, paging: paging)
    }

    /// `--fields`, split.
    public var cardFields: [String]? {
        fields.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// What the preset's source is made from: the base URL, `--page-size`, the headers
    /// (`--header`, the key) and PostgREST's `--table`, `--where` and `--order`.
    /// `table` overrides `--table` (`portal list TABLE`); `asServed` keeps rows as served.
    public func settings(table: String? = nil, asServed: Bool = false) throws -> SourceSettings {
        var settings = SourceSettings(
            baseURL: apiBaseURL, pageSize: pageSize ?? APIKind.defaultPageSize, headers: try requestHeaders(),
            table: table ?? tableName, filters: try parsedFilters(), order: try sortOrder(),
            asServed: asServed, function: try function(), count: count ?? .exact)
        settings.picturesOrigin = picturesOrigin
        settings.presetLists = try BuiltInPresets.lists(for: preset.kind)
        return settings
    }

    /// How the source is named in the UI header: `host[:port]` of what the user named.
    public var label: String {
        if let graphql, let name = Self.hostLabel(graphql) { return name }
        if let openapi { return Self.hostLabel(openapi) ?? URL(fileURLWithPath: openapi).lastPathComponent }
        if data != nil { return "offline snapshot" }
        if let url, let name = Self.hostLabel(url) { return name }
        return Self.hostLabel(apiBaseURL.text) ?? apiBaseURL.text
    }

    /// `host`, with `:port` unless it is 80 or 443; nil for no http(s) URL.
    static func hostLabel(_ text: String) -> String? {
        guard let split = SplitURL(text) else { return nil }
        return split.origin.host + (split.origin.port == 80 || split.origin.port == 443 ? "" : ":\(split.origin.port)")
    }

    /// The query text: `--query`, or the file after `@`.
    public func queryText() throws(SourceFailure) -> String? {
        guard let query else { return nil }
        guard query.hasPrefix("@") else { return query }
        let path = String(query.dropFirst())
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1_048_576 else {
            throw .runtime("--query: cannot read \(Sanitize.line(path)) (missing, unreadable or over 1 MiB)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A user and password written into `--url`, `--graphql`, `--openapi` or `--base-url`
    /// (`http://user:secret@host/…`) leave the URL and go as `Authorization: Basic …`
    /// before the `--header` lines (which win): a header is never shown, traced or cached in
    /// the clear, and the URL is (`URLCredentials`).
    public mutating func takeCredentialsOutOfURLs() {
        var lines: [String] = []
        func take(_ url: inout String?) {
            guard let text = url else { return }
            let split = URLCredentials(text)
            guard let line = split.headerLine else { return }
            url = split.url
            if !lines.contains(line) { lines.append(line) }
        }
        take(&url)
        take(&graphql)
        take(&openapi)
        take(&baseURL)
        headerLines = lines + headerLines
    }
}
