import Foundation
import PortalCore
import PortalPaging
import PortalCurl
import PortalMirror
import PortalTestSupport

/// A real mirror on 127.0.0.1:0 for the OpenAPI tests, and a way to read a whole list.
enum OpenAPIMirror {
    /// `PORTAL_DATA`, or `../shared/data` next to the package.
    static let dataFolder: String = {
        if let env = ProcessInfo.processInfo.environment["PORTAL_DATA"], !env.isEmpty { return env }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return package.deletingLastPathComponent().appendingPathComponent("shared/data").path
    }()

    /// Connections get 30 s, not the product's 2 s: the whole suite shares this process's
    /// curl loop and two cores with dozens of servers and clients, and a loopback connect
    /// that waited past 2 s made a list read here fail for nothing it checks.
    static let transport: CurlTransport = {
        var configuration = CurlTransport.Configuration()
        configuration.connectTimeout = 30
        return CurlTransport(configuration: configuration)
    }()

    static func with<T>(_ body: (RunningMirror) async throws -> T) async throws -> T {
        try await MirrorServer.with(.inProcess(), data: try MirrorData.load(folder: dataFolder), body)
    }
}

/// Every item of `kind`'s list in `source`, page after page as `portal list` reads them
/// (at most `limit` pages: a list that never ends fails the test instead of hanging it).
func everyItem(of kind: ItemKind, in source: any Source, through transport: any Transport, query: ListQuery? = nil, limit: Int = 200) async throws -> [Item] {
    let strategy = SourcePages(source: source, query: query ?? ListQuery(kind: kind))
    let fetcher = PageFetcher(strategy: strategy, sender: RetryingSender(transport: transport, policy: .none))
    var next: PageRequest? = strategy.firstPage
    var items: [Item] = []
    var pages = 0
    while let request = next {
        pages += 1
        guard pages <= limit else { throw TestFailure("\(kind): more than \(limit) pages") }
        let page = try await fetcher.fetchOnce(request).get()
        items += page.items
        next = page.next
    }
    return items
}

extension Item {
    /// The item's `id` field as served.
    var servedID: String? {
        record.row["id"]?.description
    }
}
