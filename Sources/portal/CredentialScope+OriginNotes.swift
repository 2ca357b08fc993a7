import Foundation
import PortalCore

extension CredentialScope {
    /// The browser's words for each tab whose list is served from an origin outside this
    /// scope (issue 35, item 7; the status line shows it while the tab is): tab index →
    /// `served from ORIGIN · gets no credentials`. `--openapi` and saved APIs both ask.
    func originNotes(of source: any Source) -> [Int: String] {
        var notes: [Int: String] = [:]
        for (index, spec) in source.tabs.enumerated() {
            let url = source.firstPage(for: ListQuery(kind: spec.kind, filters: [])).http.url
            guard !trusts(url), let origin = SplitURL(url.absoluteString)?.origin else { continue }
            notes[index] = "served from \(origin) · gets no credentials"
        }
        return notes
    }
}
