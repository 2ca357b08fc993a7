import ArgumentParser
import Foundation
import PortalCore

/// `--openapi URL|FILE`: browse or list the lists an OpenAPI 3.0/3.1 document (JSON or
/// YAML) describes — a tab for each GET operation without path parameters that returns a
/// list, its paging from the vendor extensions or the first answer. See docs/sources.md,
/// "OpenAPI".
struct OpenAPIOptions: ParsableArguments {
    @Option(name: .customLong("openapi"), help: ArgumentHelp(
        "An OpenAPI 3.0/3.1 document (JSON or YAML, a URL or a file): a tab for each GET operation that returns a list.",
        valueName: "url|file"))
    var location: String?
}
