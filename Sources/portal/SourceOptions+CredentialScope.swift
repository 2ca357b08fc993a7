import Foundation
import PortalCore

/// Which origins the command line names, and so which get the user's credentials
/// (`CredentialScopeTransport`): `--url`, `--graphql`, the `--openapi` document's own
/// origin, `--base-url` (with `--openapi` too: the origin its lists are served from), else
/// the preset's root. A list served from any other origin — an OpenAPI document's
/// `servers` naming one — is asked without them, and stderr says so.
extension SourceOptions {
    /// The URLs the user named.
    var namedURLs: [String] {
        var urls = [anyAPI.url, graphQL.graphql, openAPI.location, baseURL].compactMap { $0 }
        if anyAPI.url == nil, graphQL.graphql == nil, openAPI.location == nil { urls.append(apiBaseURL.text) }
        return urls
    }

    /// Every header the user gave (`--header`, `PORTAL_API_KEY` as `--url` and a preset
    /// send it, a URL's password as Basic) and the origins named.
    func credentialScope() -> CredentialScope {
        CredentialScope(headers: (try? anyAPIHeaders()) ?? [:], (try? requestHeaders())?.fields ?? [:], named: namedURLs)
    }

    /// With `--openapi`, the screen's words for each tab whose list is served from an origin
    /// the user did not name (stderr's line, shorter; the status line shows it while the
    /// tab is): tab index → `served from ORIGIN · gets no credentials`.
    func untrustedOriginNotes(of source: any Source) -> [Int: String] {
        openAPI.location == nil ? [:] : credentialScope().originNotes(of: source)
    }

    /// One line on stderr for each list served from an origin the user did not name: it
    /// gets no credentials, and how to send them there.
    func sayUntrustedOrigins(of lists: [(name: String, url: URL)]) {
        let scope = credentialScope()
        for list in lists where !scope.trusts(list.url) {
            guard let origin = SplitURL(list.url.absoluteString)?.origin else { continue }
            let named = scope.origins.map(\.description).sorted().joined(separator: ", ")
            StandardStreams.error("\(Sanitize.line(list.name)) is served from \(origin), which gets no credentials "
                + "(they go to \(named.isEmpty ? "no origin" : named) only; name it with --base-url to send them there)")
        }
    }
}
