import Foundation
import PortalCore
import Synchronization

/// Answers from the wrapped transport, except for the scripted failures queued per URL
/// substring (each used once), so tests can fail a chosen page.
public final class FaultyTransport: Transport {
    public let inner: any Transport
    private let faults = Mutex<[(match: String, response: Result<HTTPResponse, TransportError>)]>([])

    public init(_ inner: any Transport) { self.inner = inner }

    public func fail(_ match: String, with response: Result<HTTPResponse, TransportError>) {
        faults.withLock { $0.append((match, response)) }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let url = request.url.absoluteString
        let fault = faults.withLock { list -> Result<HTTPResponse, TransportError>? in
            guard let index = list.firstIndex(where: { url.contains($0.match) }) else { return nil }
            return list.remove(at: index).response
        }
        if let fault { return try fault.get() }
        return try await inner.send(request)
    }
}

/// Fails every request whose URL contains `failing` with `status` (while it is set).
public final class FailingTransport: Transport {
    private let inner: any Transport
    private let rule = Mutex<(part: String?, status: Int)>((nil, 500))

    public init(_ inner: any Transport) { self.inner = inner }

    public func fail(_ part: String?, status: Int = 500) { rule.withLock { $0 = (part, status) } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (part, status) = rule.withLock { $0 }
        if let part, request.url.absoluteString.contains(part) {
            return HTTPResponse(status: status, body: Data("{\"error\":\"boom\"}".utf8))
        }
        return try await inner.send(request)
    }
}
