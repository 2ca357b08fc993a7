import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The live network, through URLSession, with limits a server cannot talk its way past.
///
/// - Body cap: a `Content-Length` over `maxBodyBytes` is refused before the body is read;
///   a body without one is cut off as it streams past the cap.
/// - Timeouts that fire: no byte for `idleTimeout` (a server that accepts and says
///   nothing), or no whole answer within `overallTimeout` (one that dribbles a byte now
///   and then). A watchdog checks both while a request is in flight; URLSession's own
///   timers on Linux restart on every byte and have no overall deadline.
/// - Redirects are followed only within the request's origin (scheme, host, port), at
///   most `maxRedirects` times; any other is returned as the 3xx answer it is.
/// - A refused connection is reported as `cannotConnect` at once.
///
/// The status is passed up untouched so that a 429 or 500 is seen as what it is, never
/// as a decoding error.
///
/// What corelibs URLSession cannot do: apply back-pressure. It reads the socket as fast as
/// the peer sends and queues every chunk for the delegate, so between the chunk that
/// crosses the cap and the cancel taking effect, a fast endless body (loopback, ~1 GB/s)
/// can queue some tens of MiB more. That is bounded and freed at once, but not zero.
public final class HTTPTransport: Transport {
    /// Limits for one transport; tests shrink them to see timeouts and the body cap.
    public struct Configuration: Sendable {
        /// Longest wait for the first byte or between two bytes.
        public var idleTimeout: TimeInterval = 10
        /// Longest time for a whole request, from sending it to the last byte.
        public var overallTimeout: TimeInterval = 30
        public var maxBodyBytes: Int = 8 * 1_048_576
        /// Same-origin redirects followed for one request.
        public var maxRedirects = 5
        public var userAgent: String = "portal/0.1"
        public init() {}
    }

    private let session: URLSession
    private let delegate: SessionDelegate
    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let config = URLSessionConfiguration.ephemeral
        // Backstops only: the watchdog fires first.
        config.timeoutIntervalForRequest = configuration.idleTimeout + 1
        config.timeoutIntervalForResource = configuration.overallTimeout + 1
        config.urlCache = nil
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        config.httpMaximumConnectionsPerHost = 4
        delegate = SessionDelegate(configuration: configuration)
        session = URLSession(configuration: config, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let origin = SplitURL(request.url.absoluteString)?.origin else {
            throw TransportError.notServed(request.url.absoluteString)
        }
        var urlRequest = URLRequest(url: request.url, timeoutInterval: configuration.idleTimeout + 1)
        urlRequest.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: urlRequest)
        let id = task.taskIdentifier
        // The watchdog: often enough that a timeout fires within a few percent of its value,
        // and only while this request is in flight.
        let interval = Duration.seconds(max(0.01, min(1, min(configuration.idleTimeout, configuration.overallTimeout) / 20)))
        let watchdog = Task { [delegate] in
            while (try? await Task.sleep(for: interval)) != nil, delegate.watch(id) {}
        }
        defer { watchdog.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                delegate.start(task, origin: origin, continuation: continuation)
            }
        } onCancel: {
            delegate.finish(id, with: .failure(.cancelled))
        }
    }
}

/// Collects each task's body, watches its deadlines, and resumes its continuation
/// exactly once (whichever comes first: completion, the cap, a timeout, cancellation).
private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<HTTPResponse, any Error>
        var task: URLSessionDataTask
        var origin: Origin
        var body = Data()
        var started: ContinuousClock.Instant
        var lastActivity: ContinuousClock.Instant
        var redirects = 0
    }

    private let configuration: HTTPTransport.Configuration
    private let pending = Mutex<[Int: Pending]>([:])

    init(configuration: HTTPTransport.Configuration) { self.configuration = configuration }

    func start(_ task: URLSessionDataTask, origin: Origin, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        let now = ContinuousClock.now
        pending.withLock {
            $0[task.taskIdentifier] = Pending(continuation: continuation, task: task, origin: origin, started: now, lastActivity: now)
        }
        task.resume()
    }

    /// Resumes the task's continuation with `result` (if it is still waiting) and, for a
    /// failure, cancels the transfer.
    func finish(_ id: Int, with result: Result<HTTPResponse, TransportError>) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: id) }) else { return }
        if case .failure = result, entry.task.state == .running { entry.task.cancel() }
        entry.continuation.resume(with: result.mapError { $0 as any Error })
    }

    /// Ends the request if a deadline passed; false once it is no longer in flight.
    func watch(_ id: Int) -> Bool {
        let now = ContinuousClock.now
        let (inFlight, expired): (Bool, Timeout?) = pending.withLock { table in
            guard let entry = table[id] else { return (false, nil) }
            if now - entry.started > .seconds(configuration.overallTimeout) { return (true, .overall(seconds: configuration.overallTimeout)) }
            if now - entry.lastActivity > .seconds(configuration.idleTimeout) { return (true, .idle(seconds: configuration.idleTimeout)) }
            return (true, nil)
        }
        if let expired { finish(id, with: .failure(.timedOut(expired))) }
        return inFlight && expired == nil
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if response.expectedContentLength > Int64(configuration.maxBodyBytes) {
            finish(dataTask.taskIdentifier, with: .failure(.bodyTooLarge(limit: configuration.maxBodyBytes)))
            completionHandler(.cancel)
            return
        }
        pending.withLock { $0[dataTask.taskIdentifier]?.lastActivity = .now }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let limit = configuration.maxBodyBytes
        let over = pending.withLock { table -> Bool in
            guard table[dataTask.taskIdentifier] != nil else { return false }
            // In place: copying the entry out and back would copy the whole body per chunk.
            table[dataTask.taskIdentifier]?.body.append(data)
            table[dataTask.taskIdentifier]?.lastActivity = .now
            return (table[dataTask.taskIdentifier]?.body.count ?? 0) > limit
        }
        if over { finish(dataTask.taskIdentifier, with: .failure(.bodyTooLarge(limit: limit))) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let target = request.url.flatMap { SplitURL($0.absoluteString) }?.origin
        let follow = pending.withLock { table -> Bool in
            guard let entry = table[task.taskIdentifier], let target, target == entry.origin,
                  entry.redirects < configuration.maxRedirects else { return false }
            table[task.taskIdentifier]?.redirects += 1
            table[task.taskIdentifier]?.lastActivity = .now
            return true
        }
        // Not following hands the 3xx itself back as the answer.
        completionHandler(follow ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let body = pending.withLock { $0[task.taskIdentifier]?.body } ?? Data()
        if let error {
            finish(task.taskIdentifier, with: .failure(transportError(error, url: task.originalRequest?.url)))
        } else if let http = task.response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String { headers[key.lowercased()] = "\(value)" }
            }
            finish(task.taskIdentifier, with: .success(HTTPResponse(status: http.statusCode, headers: headers, body: body)))
        } else {
            finish(task.taskIdentifier, with: .failure(.connectionFailed("no HTTP response")))
        }
    }

    private func transportError(_ error: any Error, url: URL?) -> TransportError {
        let ns = error as NSError
        let place = url.flatMap { SplitURL($0.absoluteString)?.origin.description } ?? "the server"
        if ns.domain == NSURLErrorDomain {
            switch ns.code {
            case NSURLErrorTimedOut: return .timedOut(.idle(seconds: configuration.idleTimeout))
            case NSURLErrorCancelled: return .cancelled
            case NSURLErrorCannotConnectToHost: return .cannotConnect("\(place) refused the connection")
            case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return .cannotConnect("no address for \(place)")
            case NSURLErrorBadURL, NSURLErrorUnsupportedURL: return .notServed(url?.absoluteString ?? "?")
            default: break
            }
        }
        return .connectionFailed(ns.localizedDescription)
    }
}
