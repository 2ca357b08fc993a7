import Foundation
import PortalCore
import PortalPaging
import PortalREST

/// `--url`: the list at any URL of a JSON API, how it reads (items, paging dialect, total)
/// taken from its first answer. See docs/sources.md, "Any API".
extension SourceRequest {
    /// `--url`'s list read from its own first page when its tab is shown, not before (a
    /// saved API's lists in the browser: nothing is asked before the first screen but the
    /// first tab's pages), with the same overrides `anyAPISource` reads it with.
    public func unreadAnyAPISource(url text: String, spec: ListSpec = ListSpec(), name: String? = nil,
                                   byKeys: [String: ByKeysRoute] = [:]) throws(SourceFailure) -> any Source {
        guard let url = URL(string: text) else { throw .runtime("--url '\(Sanitize.line(text))' is not a URL") }
        var overrides = self.overrides
        overrides.spec = spec.paging
        return AnyAPISource.unread(url: url, headers: try anyAPIHeaders(), overrides: overrides, fields: cardFields,
                                   picturesOrigin: picturesOrigin, spec: spec, name: name, byKeys: byKeys)
    }

    /// The list at `--url`: its first page asked for once and its reading (items, the
    /// paging dialect among `APIRegistry.dialects`, total, jumps) taken from the answer
    /// (through `transport`, so the trace and the caches see it), then the source for it.
    /// The reading goes to the trace as a note; a list it cannot read is a runtime failure
    /// naming what it looked for. A saved list's `spec` (its paging table, key, card,
    /// detail) and `name`, and the API's lists' by-key templates (`byKeys`), go with it.
    public func anyAPISource(url text: String, transport: any Transport, tracer: TracingTransport?, reporter: any SourceReporting,
                             spec: ListSpec = ListSpec(), name: String? = nil,
                             byKeys: [String: ByKeysRoute] = [:]) async throws(SourceFailure) -> (AnyAPISource, ListReading) {
        guard let url = URL(string: text) else { throw .runtime("--url '\(Sanitize.line(text))' is not a URL") }
        let headers = try anyAPIHeaders()
        // Before the screen opens, a first answer being retried says so (a server
        // answering 503 kept the terminal blank for half a minute).
        var noted = false
        defer { if noted { reporter.note(nil) } }
        var overrides = self.overrides
        overrides.spec = spec.paging
        let result = await DialectProbe.detect(url: url, headers: headers, overrides: overrides, sender: RetryingSender(transport: transport)) {
            attempt, failure, wait in
            let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
            noted = true
            reporter.note("\(failure.message); trying again (attempt \(attempt + 1)) in \(String(format: "%.1f", seconds)) s")
        }
        switch result {
        case .success(let reading):
            tracer?.note("dialect", [("list", text)] + traceFields(reading.explanation))
            let pages = AnyAPIPages(url: url, reading: reading, headers: headers)
            return (AnyAPISource(pages: pages, fields: cardFields, picturesOrigin: picturesOrigin, spec: spec, name: name, byKeys: byKeys), reading)
        case .failure(let failure):
            throw .runtime("\(Sanitize.line(text)): \(failure.message)")
        }
    }
}
