import Foundation
import Synchronization
@testable import PortalCore

/// Where the shared snapshot lives: `PORTAL_DATA`, else `../shared/data` beside the repository.
enum TestData {
    static let folder: String = {
        if let env = ProcessInfo.processInfo.environment["PORTAL_DATA"], !env.isEmpty { return env }
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repo.deletingLastPathComponent().appendingPathComponent("shared/data").path
    }()

    static let snapshot: SnapshotTransport = {
        do { return try SnapshotTransport(dataFolder: folder) } catch { fatalError("snapshot at \(folder): \(error)") }
    }()

    static var data: RickAndMortyData { get throws { try RickAndMortyData.load(dataFolder: folder) } }

    static let base = SnapshotTransport.defaultBaseURL
}

/// Counts and records every request that passes through to the wrapped transport.
final class CountingTransport: Transport {
    let inner: any Transport
    private let log = Mutex<[URL]>([])

    init(_ inner: any Transport) { self.inner = inner }

    var urls: [URL] { log.withLock { $0 } }
    var count: Int { urls.count }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        log.withLock { $0.append(request.url) }
        return try await inner.send(request)
    }
}

/// Answers from the wrapped transport, except for the scripted failures queued per URL
/// substring (each used once), so tests can fail a chosen page.
final class FaultyTransport: Transport {
    let inner: any Transport
    private let faults = Mutex<[(match: String, response: Result<HTTPResponse, TransportError>)]>([])

    init(_ inner: any Transport) { self.inner = inner }

    func fail(_ match: String, with response: Result<HTTPResponse, TransportError>) {
        faults.withLock { $0.append((match, response)) }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let url = request.url.absoluteString
        let fault = faults.withLock { list -> Result<HTTPResponse, TransportError>? in
            guard let index = list.firstIndex(where: { url.contains($0.match) }) else { return nil }
            return list.remove(at: index).response
        }
        if let fault { return try fault.get() }
        return try await inner.send(request)
    }
}

/// Serves fixed bodies by exact URL.
struct FixedTransport: Transport {
    var answers: [String: HTTPResponse]
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let answer = answers[request.url.absoluteString] else { throw TransportError.notServed(request.url.absoluteString) }
        return answer
    }
}

extension HTTPResponse {
    static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.merging(["content-type": "application/json"]) { a, _ in a }, body: Data(text.utf8))
    }

    var jsonObject: Any? { try? JSONSerialization.jsonObject(with: body) }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Drives a list to its end the way `portal list` does, with no retries.
func drain<S: PageStrategy>(_ strategy: S, through transport: any Transport, policy: RetryPolicy = .none) async -> ListLoader<S> {
    let loader = ListLoader(strategy: strategy)
    let fetcher = PageFetcher(transport: transport, strategy: strategy, policy: policy, sleep: { _ in })
    while let ticket = loader.loadMore() {
        loader.apply(await fetcher.fetch(ticket), for: ticket)
    }
    return loader
}

func get(_ path: String) async throws -> HTTPResponse {
    try await TestData.snapshot.send(HTTPRequest(url: URL(string: TestData.base + path)!))
}
