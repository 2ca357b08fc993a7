import Foundation
import PortalCore
import PortalPaging

/// Serves fixed bodies by exact URL; anything else is "not served".
public struct FixedTransport: Transport {
    public var answers: [String: HTTPResponse]
    public init(answers: [String: HTTPResponse]) { self.answers = answers }
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let answer = answers[request.url.absoluteString] else { throw TransportError.notServed(request.url.absoluteString) }
        return answer
    }
}

extension HTTPResponse {
    public static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.merging(["content-type": "application/json"]) { a, _ in a }, body: Data(text.utf8))
    }

    public var jsonObject: Any? { try? JSONSerialization.jsonObject(with: body) }
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Drives a list to its end the way `portal list` does: `ListLoader` hands out tickets,
/// `PageFetcher` runs them (retrying under `policy`), until the end or a final failure.
public func drain<S: PageStrategy, C: Clock>(
    _ strategy: S, through transport: any Transport, policy: RetryPolicy = .none,
    clock: C = ContinuousClock()
) async -> ListLoader<S.Item> where C.Instant == ContinuousClock.Instant {
    let loader = ListLoader(strategy: strategy)
    let fetcher = PageFetcher(transport: transport, strategy: strategy, policy: policy, clock: clock)
    while let ticket = loader.loadMore() {
        loader.apply(await fetcher.fetch(ticket), for: ticket)
    }
    return loader
}

/// A failure raised by a test helper (not an expectation).
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
