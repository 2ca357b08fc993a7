import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The live network, through URLSession, with timeouts and a cap on body size.
///
/// A huge or endless body is cut off at `maxBodyBytes` and reported as an error instead of
/// growing until memory runs out; the status is passed up untouched so that a 429 or 500
/// is seen as what it is, never as a decoding error.
public final class HTTPTransport: Transport {
    /// Limits for one transport; tests shrink them to see timeouts and the body cap.
    public struct Configuration: Sendable {
        /// Longest wait for the connection or between two packets.
        public var idleTimeout: TimeInterval = 10
        /// Longest time for a whole request.
        public var overallTimeout: TimeInterval = 30
        public var maxBodyBytes: Int = 8 * 1_048_576
        public var userAgent: String = "portal/0.1"
        public init() {}
    }

    private let session: URLSession
    private let delegate: SessionDelegate
    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = configuration.idleTimeout
        config.timeoutIntervalForResource = configuration.overallTimeout
        config.urlCache = nil
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        config.httpMaximumConnectionsPerHost = 4
        delegate = SessionDelegate(maxBodyBytes: configuration.maxBodyBytes)
        session = URLSession(configuration: config, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: configuration.idleTimeout)
        urlRequest.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: urlRequest)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                delegate.start(task, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// Collects each task's body and resumes its continuation exactly once.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<HTTPResponse, any Error>
        var body = Data()
        var failure: TransportError?
    }

    private let maxBodyBytes: Int
    private let pending = Mutex<[Int: Pending]>([:])

    init(maxBodyBytes: Int) { self.maxBodyBytes = maxBodyBytes }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        pending.withLock { $0[task.taskIdentifier] = Pending(continuation: continuation) }
        task.resume()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if response.expectedContentLength > Int64(maxBodyBytes) {
            fail(dataTask, .bodyTooLarge(limit: maxBodyBytes))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = pending.withLock { table -> Bool in
            guard var entry = table[dataTask.taskIdentifier] else { return false }
            entry.body.append(data)
            let over = entry.body.count > maxBodyBytes
            if over { entry.failure = .bodyTooLarge(limit: maxBodyBytes); entry.body = Data() }
            table[dataTask.taskIdentifier] = entry
            return over
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = entry.failure {
            entry.continuation.resume(throwing: failure)
        } else if let error {
            entry.continuation.resume(throwing: Self.transportError(error))
        } else if let http = task.response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String { headers[key.lowercased()] = "\(value)" }
            }
            entry.continuation.resume(returning: HTTPResponse(status: http.statusCode, headers: headers, body: entry.body))
        } else {
            entry.continuation.resume(throwing: TransportError.connectionFailed("no HTTP response"))
        }
    }

    private func fail(_ task: URLSessionTask, _ error: TransportError) {
        pending.withLock { table in
            table[task.taskIdentifier]?.failure = error
        }
    }

    private static func transportError(_ error: any Error) -> TransportError {
        let ns = error as NSError
        if ns.domain == NSURLErrorDomain {
            switch ns.code {
            case NSURLErrorTimedOut: return .timedOut
            case NSURLErrorCancelled: return .cancelled
            default: break
            }
        }
        return .connectionFailed(ns.localizedDescription)
    }
}
