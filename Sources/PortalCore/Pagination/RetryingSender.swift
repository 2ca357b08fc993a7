import Foundation

/// Sends one request and decodes its answer, retrying transient failures under a
/// `RetryPolicy`: exponential backoff with jitter, never sooner than a 429's
/// `Retry-After`, a bounded number of attempts in a bounded time.
///
/// This is the one retry loop. List pages (`PageFetcher`) and the detail pane's episodes
/// both go through it, so every request portal makes fails, waits and gives up the same way.
/// It is also what tells a cache an answer is good (`HTTPResponse.confirmDecoded`) or bad
/// (`rejectUndecodable`: every cache that served it drops it, so the retry reaches the
/// network), and what notices a retry cannot help: the same undecodable bytes twice,
/// fetched from the network, end it at once.
public struct RetryingSender: Sendable {
    public let transport: any Transport
    public let policy: RetryPolicy
    public let random: @Sendable () -> Double
    /// The clock's waits and readings (`policy.giveUpAfter` is measured on it).
    private let sleep: @Sendable (Duration) async throws -> Void
    private let now: @Sendable () -> ContinuousClock.Instant

    /// - Parameter clock: waits between attempts and measures the time budget; tests pass
    ///   a `ManualClock` whose sleeps return at once.
    public init<C: Clock>(
        transport: any Transport, policy: RetryPolicy = RetryPolicy(), clock: C = ContinuousClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) where C.Instant == ContinuousClock.Instant {
        self.transport = transport
        self.policy = policy
        self.sleep = { try await clock.sleep(for: $0) }
        self.random = random
        self.now = { clock.now }
    }

    /// One attempt: no answer becomes a `.transport` failure; `decode` judges the answer,
    /// and an answer that decoded is confirmed to any cache waiting to keep it.
    public func sendOnce<Value>(
        _ request: HTTPRequest, decode: (HTTPResponse) throws(PageFailure) -> Value
    ) async -> Result<Value, PageFailure> {
        await attempt(request, decode: decode).result
    }

    /// Attempts until success, a final failure, or the policy's limits. `onRetry` hears of
    /// each automatic retry before its wait (the UI shows `retrying…`).
    public func send<Value>(
        _ request: HTTPRequest,
        decode: (HTTPResponse) throws(PageFailure) -> Value,
        onRetry: (_ attempt: Int, _ failure: PageFailure, _ wait: Duration) -> Void = { _, _, _ in }
    ) async -> Result<Value, PageFailure> {
        let start = now()
        var attempt = 1
        var lastUndecodable: Data?
        while true {
            let (result, body) = await self.attempt(request, decode: decode)
            guard case .failure(let failure) = result else { return result }
            if failure.kind == .malformed, let body {
                if body == lastUndecodable {
                    return .failure(failure.noted("the same undecodable answer came twice"))
                }
                lastUndecodable = body
            }
            guard let wait = policy.delay(after: failure, attempt: attempt, random: random()) else {
                return .failure(attempt > 1 ? failure.noted(Self.summary(attempt, now() - start)) : failure)
            }
            guard now() - start + wait < policy.giveUpAfter else {
                return .failure(failure.noted(Self.summary(attempt, now() - start)))
            }
            onRetry(attempt, failure, wait)
            do {
                try await sleep(wait)
            } catch {
                return result
            }
            attempt += 1
        }
    }

    /// One attempt, with the body of an answer that did not decode (to compare the next with).
    private func attempt<Value>(
        _ request: HTTPRequest, decode: (HTTPResponse) throws(PageFailure) -> Value
    ) async -> (result: Result<Value, PageFailure>, undecodedBody: Data?) {
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            return (.failure(PageFailure(.transport(error), error.description)), nil)
        } catch {
            // Not a TransportError: named by its type only, since an error's text may
            // quote the request (and its header values).
            let why = TransportError.connectionFailed("\(type(of: error))")
            return (.failure(PageFailure(.transport(why), why.description)), nil)
        }
        do {
            let value = try decode(response)
            response.confirmDecoded()
            return (.success(value), nil)
        } catch {
            // A 2xx that does not decode poisons no cache: whichever served it drops it.
            // (A non-2xx is never kept, and a failure built from it is not about its bytes.)
            if (200..<300).contains(response.status) { response.rejectUndecodable() }
            return (.failure(error), response.body)
        }
    }

    private static func summary(_ attempts: Int, _ elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return "gave up after \(attempts) attempt\(attempts == 1 ? "" : "s") in \(Timeout.format(seconds.rounded())) s"
    }
}

extension PageFailure {
    /// The failure for a non-2xx answer: its status, the server's message (`ServerErrorMessage`)
    /// (sanitised with the rest when the failure is made) when it adds something, and
    /// `Retry-After`.
    public init(statusOf response: HTTPResponse) {
        var message = HTTPStatusText.describe(response.status)
        if (300..<400).contains(response.status), let location = response.header("location") {
            // Redirects to another origin are not followed (CurlTransport); say where it went.
            message += ": redirect to \(location.prefix(200)) not followed"
        }
        if let error = ServerErrorMessage.read(response.body), !message.hasSuffix(error) {
            message += ": " + error
        }
        self.init(.http(status: response.status), message, retryAfter: response.retryAfterSeconds)
    }
}

extension PageFailure {
    /// The same failure with why it is final added to its message.
    func noted(_ note: String) -> PageFailure {
        var copy = self
        copy.message += " (\(note))"
        return copy
    }
}
