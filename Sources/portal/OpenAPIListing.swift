import ArgumentParser
import Foundation
import PortalCore

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
}
