import Foundation

/// Sends one request and decodes its answer, retrying transient failures under a
/// `RetryPolicy`: exponential backoff with jitter, never sooner than a 429's
/// `Retry-After`, a bounded number of attempts.
///
/// This is the one retry loop. List pages (`PageFetcher`) and the detail pane's episodes
/// both go through it, so every request portal makes fails, waits and gives up the same way.
public struct RetryingSender: Sendable {
    public let transport: any Transport
    public let policy: RetryPolicy
    public let sleep: @Sendable (Duration) async throws -> Void
    public let random: @Sendable () -> Double

    public init(
        transport: any Transport, policy: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.transport = transport
        self.policy = policy
        self.sleep = sleep
        self.random = random
    }

    /// One attempt: no answer becomes a `.transport` failure; `decode` judges the answer,
    /// and an answer that decoded is confirmed to any cache waiting to keep it.
    public func sendOnce<Value>(
        _ request: HTTPRequest, decode: (HTTPResponse) throws(PageFailure) -> Value
    ) async -> Result<Value, PageFailure> {
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            return .failure(PageFailure(.transport(error), error.description))
        } catch {
            return .failure(PageFailure(.transport(.connectionFailed("\(error)")), "\(error)"))
        }
        do {
            let value = try decode(response)
            response.confirmDecoded()
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    /// Attempts until success, a final failure, or the policy's limit. `onRetry` hears of
    /// each automatic retry before its wait (the UI shows `retrying…`).
    public func send<Value>(
        _ request: HTTPRequest,
        decode: (HTTPResponse) throws(PageFailure) -> Value,
        onRetry: (_ attempt: Int, _ failure: PageFailure, _ wait: Duration) -> Void = { _, _, _ in }
    ) async -> Result<Value, PageFailure> {
        var attempt = 1
        while true {
            let result = await sendOnce(request, decode: decode)
            guard case .failure(let failure) = result,
                  let wait = policy.delay(after: failure, attempt: attempt, random: random()) else {
                return result
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
}

extension PageFailure {
    /// The failure for a non-2xx answer: its status, the server's `{"error": …}` message
    /// (sanitised: it came from the network) when it adds something, and `Retry-After`.
    public init(statusOf response: HTTPResponse) {
        var message = HTTPStatusText.describe(response.status)
        if let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
           let error = object["error"] as? String, !message.hasSuffix(error) {
            message += ": " + Sanitize.line(error)
        }
        self.init(.http(status: response.status), message, retryAfter: response.retryAfterSeconds)
    }
}
