import ArgumentParser
import Foundation
import PortalCore
import PortalOpenAPI

/// `portal list LIST --openapi URL|FILE`: one list of the document, every item once in
/// the server's order, through the same `Source` and paging the browser uses. Only that
/// list's first page is asked before it starts.
extension ListCommand {
    /// Usage errors of an OpenAPI listing (exit 2), before any request.
    func validateOpenAPI() throws {
        if let (key, _) = filters.given.first {
            throw ValidationError("--\(key) is a filter of the built-in APIs; with --openapi the list's own parameters go in the document's lists")
        }
    }

    func listOpenAPI(_ transport: any Transport, tracer: TracingTransport?, output: ListOutput) async throws {
        guard let tabs = try await source.openAPITabs(transport: transport) else { return }
        let names = tabs.lists.map(\.name).joined(separator: ", ")
        let chosen: OpenAPIList
        if let resource {
            guard let named = tabs.list(named: resource) else {
                StandardStreams.error("'\(Sanitize.line(resource))' is not a list of the document (\(names))")
                Foundation.exit(OpenAPIOptions.badDocumentStatus)
            }
            chosen = named
        } else if tabs.lists.count == 1 {
            chosen = tabs.lists[0]
        } else {
            StandardStreams.error("name the list: \(names)")
            Foundation.exit(OpenAPIOptions.badDocumentStatus)
        }
        let (listed, explained) = try await source.openAPISource(tabs, transport: transport, tracer: tracer, only: chosen)
        if explain { StandardStreams.error(lines: explained) }
        try await stream(listed, ListQuery(kind: ItemKind(rawValue: chosen.name)), transport, noun: "items of \(chosen.name)", output: output)
    }
}
