import Foundation
import PortalCore
import PortalPaging
import PortalREST

/// The lists of an OpenAPI document read from a URL (through portal's own transport, so
/// `--header`, the proxy, the trace and the caches apply) or a file: what `portal
/// --openapi`, `portal list LIST --openapi` and the config file's `openapi =` all start
/// from. `source` then asks each list's first page and makes the browser's `Source`.
public struct OpenAPITabs: Sendable {
    /// The document's `info.title` (`OpenAPI` when it is empty).
    public let title: String
    public let lists: [OpenAPIList]

    public init(title: String, lists: [OpenAPIList]) {
        self.title = title
        self.lists = lists
    }

    /// `location` is an http(s) URL (fetched) or a file path (read).
    public static func load(location: String, transport: any Transport, headers: [String: String] = [:]) async throws(OpenAPIDocumentError) -> OpenAPITabs {
        if let url = URL(string: location), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil {
            return try await load(url: url, transport: transport, headers: headers)
        }
        let data: Data
        do { data = try OpenAPIDocumentReader.readFile(location) } catch let error as OpenAPIDocumentError {
            throw error
        } catch {
            throw OpenAPIDocumentError("\(Sanitize.line(location)): cannot read the file (\(Sanitize.line((error as NSError).localizedDescription)))")
        }
        return try parse(data, documentURL: nil)
    }

    /// The document at `url`, asked for through `transport` with `headers` (retried as a
    /// page is); servers relative to it are resolved against it.
    public static func load(url: URL, transport: any Transport, headers: [String: String] = [:]) async throws(OpenAPIDocumentError) -> OpenAPITabs {
        let request = HTTPRequest(url: url, headers: headers.merging(["Accept": "application/json, application/yaml;q=0.9, */*;q=0.5"]) { given, _ in given })
        let answer = await RetryingSender(transport: transport).send(request) { response throws(PageFailure) -> Data in
            guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
            return response.body
        }
        switch answer {
        case .success(let data): return try parse(data, documentURL: url)
        case .failure(let failure): throw OpenAPIDocumentError("\(Sanitize.line(url.absoluteString)): \(failure.message)")
        }
    }

    /// The lists of a document's bytes; `documentURL` is where it was read (nil: a file).
    public static func parse(_ data: Data, documentURL: URL?) throws(OpenAPIDocumentError) -> OpenAPITabs {
        let document = try OpenAPIDocumentReader.read(data)
        // In the document's own order: the tabs' order is the order its author wrote.
        var order: [String: Int] = [:]
        for (index, path) in OpenAPIDocumentReader.pathOrder(data).enumerated() { order["/" + path.drop { $0 == "/" }] = order["/" + path.drop { $0 == "/" }] ?? index }
        let found = try OpenAPIListFinder.lists(in: document, documentURL: documentURL)
        let lists = found.enumerated().sorted { a, b in
            (order[a.element.path] ?? Int.max, a.offset) < (order[b.element.path] ?? Int.max, b.offset)
        }.map(\.element)
        guard !lists.isEmpty else {
            throw OpenAPIDocumentError("the document describes no list: no GET operation without path parameters answers JSON holding an array")
        }
        // drf-spectacular writes `title: ''` unless configured: the header needs a name.
        let title = Sanitize.line(document.info.title).trimmingCharacters(in: .whitespaces)
        return OpenAPITabs(title: title.isEmpty ? "OpenAPI" : title, lists: lists)
    }

    /// The list `name` names (its name, any case, or its operationId).
    public func list(named name: String) -> OpenAPIList? {
        lists.first { $0.name.lowercased() == name.lowercased() } ?? lists.first { $0.operationID == name }
    }

    /// The browser's source over `lists` (all of them by default). Nothing is asked for a
    /// list until it is used: each tab reads its list from its own first page, when shown
    /// (`OpenAPISource`). The lists `chosen` (`portal list LIST`, `--explain`) are read now,
    /// at most `probesInFlight` at a time, through the one retry loop; their answers, kept
    /// by the caches, serve their first pages. A chosen list whose first page fails keeps
    /// its tab: it is read again when its first page is asked. Returns each chosen list's
    /// reading or failure, for the trace and `--explain`.
    public func source(
        transport: any Transport, headers: [String: String], fields: [String]? = nil, picturesOrigin: PicturesOrigin = .any,
        lists chosen: [OpenAPIList]? = nil
    ) async -> (source: OpenAPISource, readings: [(list: OpenAPIList, reading: Result<ListReading, PageFailure>)]) {
        let probed = chosen ?? []
        let sender = RetryingSender(transport: transport)
        var outcomes = [Result<ListReading, PageFailure>?](repeating: nil, count: probed.count)
        for start in stride(from: 0, to: probed.count, by: Self.probesInFlight) {
            await withTaskGroup(of: (Int, Result<ListReading, PageFailure>).self) { group in
                for index in start..<min(start + Self.probesInFlight, probed.count) {
                    let list = probed[index]
                    group.addTask {
                        let outcome = await sender.send(HTTPRequest(url: list.url, headers: headers)) { response throws(PageFailure) -> ListReading in
                            guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
                            return try OpenAPIDialect.reading(response, for: list.url, declared: list.declared)
                        }
                        return (index, outcome)
                    }
                }
                for await (index, outcome) in group { outcomes[index] = outcome }
            }
        }
        let readings = FirstAnswerReadings<ListReading>()
        var results: [(list: OpenAPIList, reading: Result<ListReading, PageFailure>)] = []
        for (list, outcome) in zip(probed, outcomes) {
            let result = outcome ?? .failure(PageFailure(.malformed, "not asked"))
            if case .success(let reading) = result { readings.learn(reading, for: list.name) }
            results.append((list, result))
        }
        let tabs = (chosen ?? lists).map { list in
            // Until its first answer is read: the items where the document says, one page.
            let unread = ListReading(items: list.declared?.items ?? [], paging: NoPaging(), pageSize: 0)
            let pages = AnyAPIPages(url: list.url, reading: unread, headers: headers)
            return OpenAPISource.Tab(list: list, kind: ItemKind(rawValue: list.name),
                                     base: AnyAPISource(pages: pages, fields: fields, picturesOrigin: picturesOrigin), fields: fields)
        }
        return (OpenAPISource(title: title, lists: tabs, readings: readings), results)
    }

    /// The most chosen lists whose first pages are asked at once.
    public static let probesInFlight = 4
}
