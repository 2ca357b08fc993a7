import Foundation
import PortalCore
import PortalOpenAPI

/// `--openapi URL|FILE`: the lists an OpenAPI 3.0/3.1 document (JSON or YAML) describes —
/// a tab for each GET operation without path parameters that returns a list, its paging
/// from the vendor extensions or the first answer. See docs/sources.md, "OpenAPI".
extension SourceRequest {
    /// The exit status of a document that cannot be used (a usage error, as a bad flag is).
    public static let badDocumentStatus: Int32 = 2

    /// With `--openapi`: the document read (through `transport`, with `--header` and the
    /// key, so the trace and the caches see it) and its lists; nil without `--openapi`. A
    /// document that cannot be used is refused with status 2 (1 when too large to read).
    public func openAPITabs(transport: any Transport) async throws(SourceFailure) -> OpenAPITabs? {
        let headers = try anyAPIHeaders()
        do throws(OpenAPIDocumentError) {
            return try await openAPIDocument(transport: transport, headers: headers)
        } catch {
            throw SourceFailure(.refused(status: error.isLimit ? 1 : Self.badDocumentStatus), "--openapi: \(error.description)")
        }
    }

    /// The document's lists, or why the document cannot be used; nil without `--openapi`.
    func openAPIDocument(transport: any Transport, headers: [String: String]) async throws(OpenAPIDocumentError) -> OpenAPITabs? {
        guard let location = openapi else { return nil }
        return try await OpenAPITabs.load(location: location, transport: transport, headers: headers)
    }

    /// The browser's source over the document's lists (`only`: that one), each list's
    /// first page asked once; how each was read goes to the trace as a note, and is
    /// returned as `--explain` says it. A list served from an origin the user did not name
    /// is said to `reporter`.
    public func openAPISource(_ tabs: OpenAPITabs, transport: any Transport, tracer: TracingTransport?, reporter: any SourceReporting,
                              only: OpenAPIList? = nil) async throws(SourceFailure) -> (any Source, [String]) {
        for line in untrustedOriginLines(of: (only.map { [$0] } ?? tabs.lists).map { ($0.name, $0.url) }) { reporter.say(line) }
        let made = await tabs.source(transport: transport, headers: try anyAPIHeaders(), fields: cardFields,
                                     picturesOrigin: picturesOrigin, lists: only.map { [$0] })
        var explained: [String] = []
        for (list, reading) in made.readings {
            let lines: [String]
            switch reading {
            case .success(let reading):
                lines = ["declared: " + (list.declared.map { $0.source } ?? "nothing")] + reading.explanation
            case .failure(let failure):
                lines = ["first page: \(failure.message)"]
            }
            tracer?.note("openapi", [("list", list.name), ("url", list.url.absoluteString)] + traceFields(lines))
            explained += ["\(list.name): \(list.url.absoluteString)"] + lines.map { "  " + $0 }
        }
        return (made.source, explained)
    }
}
