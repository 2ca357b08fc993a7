import Foundation
import PortalCore

/// Which origins a saved API's credentials go to, and the words for a list served from
/// any other (issue 35, item 7): the file names `url`, the `openapi` document's or the
/// `graphql` endpoint's own origin and each list's; an OpenAPI document's `servers`
/// naming another origin is asked without the saved headers, and the browser's status
/// line says so on that tab, as it does for `--openapi`.
extension SavedRun {
    /// The saved headers with the origins the file names.
    var credentialScope: CredentialScope {
        CredentialScope(headers: resolved.headers.fields, named: [api.url, api.openapi, api.graphql].compactMap { $0 } + resolved.tabs.map(\.url))
    }

    /// Tab index → `served from ORIGIN · gets no credentials`, for each tab whose first
    /// page is on an origin the file does not name; nothing when no header is saved.
    func untrustedOriginNotes(of source: any Source) -> [Int: String] {
        resolved.headers.fields.isEmpty ? [:] : credentialScope.originNotes(of: source)
    }

    /// Whether `url` is on the origin the saved sign-in's token goes to (`apiRoot`'s): a
    /// live feed there gets the session's token too.
    func sessionSigns(_ url: String) -> Bool {
        guard let root = apiRoot.flatMap(SplitURL.init)?.origin else { return false }
        return SplitURL(url)?.origin == root
    }
}
