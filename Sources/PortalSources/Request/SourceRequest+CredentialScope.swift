import Foundation
import PortalCore
import PortalAuth

/// Which origins the request names, and so which get the user's credentials
/// (`CredentialScopeTransport`): `--url`, `--graphql`, the `--openapi` document's own
/// origin, `--base-url` (with `--openapi` too: the origin its lists are served from), else
/// the preset's root. A list served from any other origin — an OpenAPI document's
/// `servers` naming one — is asked without them, and the user is told.
extension SourceRequest {
    /// The URLs the user named.
    public var namedURLs: [String] {
        var urls = [url, graphql, openapi, baseURL].compactMap { $0 }
        if url == nil, graphql == nil, openapi == nil { urls.append(apiBaseURL.text) }
        return urls
    }

    /// Every header the user gave (`--header`, `PORTAL_API_KEY` as `--url` and a preset
    /// send it, a URL's password as Basic) and the origins named.
    public func credentialScope() -> CredentialScope {
        CredentialScope(headers: (try? anyAPIHeaders()) ?? [:], (try? requestHeaders())?.fields ?? [:], named: namedURLs)
    }

    /// With `--openapi`, the screen's words for each tab whose list is served from an origin
    /// the user did not name: tab index → `served from ORIGIN · gets no credentials`.
    public func untrustedOriginNotes(of source: any Source) -> [Int: String] {
        openapi == nil ? [:] : credentialScope().originNotes(of: source)
    }

    /// One line for each list served from an origin the user did not name: it gets no
    /// credentials, and how to send them there.
    func untrustedOriginLines(of lists: [(name: String, url: URL)]) -> [String] {
        let scope = credentialScope()
        return lists.compactMap { list in
            guard !scope.trusts(list.url), let origin = SplitURL(list.url.absoluteString)?.origin else { return nil }
            let named = scope.origins.map(\.written).sorted().joined(separator: ", ")
            return "\(Sanitize.line(list.name)) is served from \(origin.written), which gets no credentials "
                + "(they go to \(named.isEmpty ? "no origin" : named) only; name it with --base-url to send them there)"
        }
    }
}

extension CredentialScope {
    /// The browser's words for each tab whose list is served from an origin outside this
    /// scope (issue 35, item 7; the status line shows it while the tab is): tab index →
    /// `served from ORIGIN · gets no credentials`. `--openapi` and saved APIs both ask.
    public func originNotes(of source: any Source) -> [Int: String] {
        var notes: [Int: String] = [:]
        for (index, spec) in source.tabs.enumerated() {
            let url = source.firstPage(for: ListQuery(kind: spec.kind, filters: [])).http.url
            guard !trusts(url), let origin = SplitURL(url.absoluteString)?.origin else { continue }
            notes[index] = "served from \(origin.written) · gets no credentials"
        }
        return notes
    }
}
