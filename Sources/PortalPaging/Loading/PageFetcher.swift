import Foundation
import PortalCore

/// Runs a page ticket against a transport, off the UI thread: sends, decodes with the
/// list's strategy, and retries transient failures under the `RetryPolicy` (through the
/// shared `RetryingSender`).
public struct PageFetcher<Strategy: PageStrategy>: Sendable {
    public let strategy: Strategy
    public let sender: RetryingSender

    public init<C: Clock>(
        transport: any Transport, strategy: Strategy, policy: RetryPolicy = RetryPolicy(), clock: C = ContinuousClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) where C.Instant == ContinuousClock.Instant {
        self.strategy = strategy
        self.sender = RetryingSender(transport: transport, policy: policy, clock: clock, random: random)
    }

    /// A fetcher sharing `sender` (its transport, policy and clocks).
    public init(strategy: Strategy, sender: RetryingSender) {
        self.strategy = strategy
        self.sender = sender
    }

    public var transport: any Transport { sender.transport }
    public var policy: RetryPolicy { sender.policy }

    /// One attempt, no retries.
    public func fetchOnce(_ request: PageRequest) async -> Result<PageContent<Strategy.Item>, PageFailure> {
        await sender.sendOnce(request.http) { response throws(PageFailure) in try decode(response, for: request) }
    }

    /// Attempts until success, a final failure, or the policy's limit; `onRetry` reports
    /// each automatic retry (so the UI can say `retrying…`).
    public func fetch(
        _ ticket: PageTicket,
        onRetry: (_ attempt: Int, _ failure: PageFailure, _ wait: Duration) -> Void = { _, _, _ in }
    ) async -> Result<PageContent<Strategy.Item>, PageFailure> {
        let request = ticket.request
        return await sender.send(request.http, decode: { response throws(PageFailure) in
            try decode(response, for: request)
        }, onRetry: onRetry)
    }

    /// The strategy's decoding, with the answer's cache status carried onto the page.
    private func decode(_ response: HTTPResponse, for request: PageRequest) throws(PageFailure) -> PageContent<Strategy.Item> {
        var content = try strategy.decode(response, for: request)
        content.cache = response.cache
        return content
    }
}
