import ArgumentParser
import Foundation
import PortalCore
import PortalOpenAPI

/// `--openapi URL|FILE`: browse or list the lists an OpenAPI 3.0/3.1 document (JSON or
/// YAML) describes — a tab for each GET operation without path parameters that returns a
/// list, its paging from the vendor extensions or the first answer. See docs/sources.md,
/// "OpenAPI".
struct OpenAPIOptions: ParsableArguments {
    @Option(name: .customLong("openapi"), help: ArgumentHelp(
        "An OpenAPI 3.0/3.1 document (JSON or YAML, a URL or a file): a tab for each GET operation that returns a list.",
        valueName: "url|file"))
    var location: String?

    /// A usage error when `--openapi` is given with a flag naming another source.
    func conflict(with others: [(flag: String, given: Bool)]) -> String? {
        guard location != nil else { return nil }
        for (flag, given) in others where given {
            return "--openapi names the API itself; it cannot go with \(flag)"
        }
        return nil
    }

    /// The exit status of a document that cannot be used (a usage error, as a bad flag is).
    static let badDocumentStatus: Int32 = 2

    /// Says why the document cannot be used, on stderr, and exits 2 (1 for a document
    /// too large to read: `DocumentLimits`).
    static func refuse(_ error: OpenAPIDocumentError) -> Never {
        StandardStreams.error("--openapi: \(error.description)")
        Foundation.exit(error.isLimit ? 1 : badDocumentStatus)
    }
}

extension SourceOptions {
    /// With `--openapi`: the document read (through `transport`, with `--header` and the
    /// key, so the trace and the caches see it) and its lists; nil without `--openapi`. A
    /// document that cannot be used ends the run with a message and status 2.
    func openAPITabs(transport: any Transport) async throws -> OpenAPITabs? {
        guard let location = openAPI.location else { return nil }
        let headers = try anyAPIHeaders()
        do throws(OpenAPIDocumentError) {
            return try await OpenAPITabs.load(location: location, transport: transport, headers: headers)
        } catch {
            OpenAPIOptions.refuse(error)
        }
    }

    /// With `--openapi`: the browser's source over the document's lists (`only`: that one),
    /// each list's first page asked once; how each was read goes to the trace as a note.
    func openAPISource(_ tabs: OpenAPITabs, transport: any Transport, tracer: TracingTransport?, only: OpenAPIList? = nil) async throws -> (any Source, [String]) {
        sayUntrustedOrigins(of: (only.map { [$0] } ?? tabs.lists).map { ($0.name, $0.url) })
        let made = await tabs.source(transport: transport, headers: try anyAPIHeaders(), fields: anyAPI.cardFields,
                                     picturesOrigin: pictures.picturesOrigin, lists: only.map { [$0] })
        var explained: [String] = []
        for (list, reading) in made.readings {
            let lines: [String]
            switch reading {
            case .success(let reading):
                lines = ["declared: " + (list.declared.map { $0.source } ?? "nothing")] + reading.explanation
            case .failure(let failure):
                lines = ["first page: \(failure.message)"]
            }
            tracer?.note("openapi", [("list", list.name), ("url", list.url.absoluteString)] + lines.map { line in
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            })
            explained += ["\(list.name): \(list.url.absoluteString)"] + lines.map { "  " + $0 }
        }
        return (made.source, explained)
    }

    /// The browser's source with `--openapi` (every list of the document); nil without it.
    func openAPIBrowseSource(transport: any Transport, tracer: TracingTransport?) async throws -> (any Source)? {
        guard let tabs = try await openAPITabs(transport: transport) else { return nil }
        return try await openAPISource(tabs, transport: transport, tracer: tracer).0
    }

    /// The header's name for the document's API (`host:port` of its first list).
    var openAPILabel: String? {
        guard let location = openAPI.location else { return nil }
        guard let split = SplitURL(location) else { return URL(fileURLWithPath: location).lastPathComponent }
        return split.origin.host + (split.origin.port == 80 || split.origin.port == 443 ? "" : ":\(split.origin.port)")
    }
}
