import Foundation
import PortalCore
@testable import PortalCache
import PortalTestSupport
import Synchronization

/// The URL most cache tests ask for.
let characterPage2 = TestData.base + "/character?page=2"

/// A temporary cache directory, removed when the test's value goes away.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("portal-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
    var function: @Sendable () -> Date { { self.now } }
}

/// Collects the warnings a cache prints.
final class Warnings: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}

/// A server that tags its answers: `ETag: "v<version>"`, and a 304 when the request's
/// `If-None-Match` names the current version. Records the request headers it saw.
final class TaggingServer: Transport {
    private let state = Mutex((version: 1, seen: [[String: String]](), cacheControl: String?.none))

    func publish(version: Int) { state.withLock { $0.version = version } }
    func setCacheControl(_ value: String?) { state.withLock { $0.cacheControl = value } }
    var requests: [[String: String]] { state.withLock { $0.seen } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (version, control) = state.withLock { state in
            state.seen.append(request.headers)
            return (state.version, state.cacheControl)
        }
        var headers = ["etag": "\"v\(version)\"", "content-type": "application/json"]
        if let control { headers["cache-control"] = control }
        if request.headers["If-None-Match"] == "\"v\(version)\"" {
            return HTTPResponse(status: 304, headers: headers, body: Data())
        }
        return HTTPResponse(status: 200, headers: headers, body: Data("{\"version\":\(version)}".utf8))
    }
}

extension DiskCachingTransport {
    /// Sends and confirms the answer decoded, as `RetryingSender` does.
    func fetch(_ url: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        let response = try await send(HTTPRequest(url: URL(string: url)!, headers: headers))
        response.confirmDecoded()
        return response
    }
}
