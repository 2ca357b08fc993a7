import Foundation

/// Runs a page ticket against a transport, off the UI thread: sends, decodes with the
/// list's strategy, and retries transient failures under the `RetryPolicy`.
///
/// `onRetry` reports each automatic retry (so the UI can say `retrying…`).
public struct PageFetcher<Strategy: PageStrategy>: Sendable {
    public let transport: any Transport
    public let strategy: Strategy
    public let policy: RetryPolicy
    public let sleep: @Sendable (Duration) async throws -> Void
    public let random: @Sendable () -> Double

    public init(
        transport: any Transport, strategy: Strategy, policy: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.transport = transport
        self.strategy = strategy
        self.policy = policy
        self.sleep = sleep
        self.random = random
    }

    /// One attempt, no retries.
    public func fetchOnce(_ request: PageRequest) async -> Result<PageContent<Strategy.Item>, PageFailure> {
        let response: HTTPResponse
        do {
            response = try await transport.send(request.http)
        } catch let error as TransportError {
            return .failure(PageFailure(.transport(error), error.description))
        } catch {
            return .failure(PageFailure(.transport(.connectionFailed("\(error)")), "\(error)"))
        }
        do {
            return .success(try strategy.decode(response, for: request))
        } catch {
            return .failure(error)
        }
    }

    /// Attempts until success, a final failure, or the policy's limit.
    public func fetch(
        _ ticket: PageTicket,
        onRetry: @Sendable (_ attempt: Int, _ failure: PageFailure, _ wait: Duration) -> Void = { _, _, _ in }
    ) async -> Result<PageContent<Strategy.Item>, PageFailure> {
        var attempt = 1
        while true {
            let result = await fetchOnce(ticket.request)
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
