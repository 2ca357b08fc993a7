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
        guard !resolved.headers.fields.isEmpty else { return [:] }
        let scope = credentialScope
        var notes: [Int: String] = [:]
        for (index, spec) in source.tabs.enumerated() {
            let url = source.firstPage(for: ListQuery(kind: spec.kind, filters: [])).http.url
            guard !scope.trusts(url), let origin = SplitURL(url.absoluteString)?.origin else { continue }
            notes[index] = "served from \(origin) · gets no credentials"
        }
        return notes
    }
}
