import Foundation
import PortalCore

/// Fetches a character's episodes with one multi-id request (`/episode/1,2,3`, or
/// `/episode/[n]` for one id — both answer a JSON array), off the UI thread, retrying
/// transient failures through the same `RetryingSender` as the list's pages.
public struct EpisodeFetcher: Sendable {
    public let baseURL: String
    public let sender: RetryingSender

    public init(
        transport: any Transport, baseURL: String, policy: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.baseURL = baseURL
        self.sender = RetryingSender(transport: transport, policy: policy, sleep: sleep, random: random)
    }

    /// The URL of the one request for `ids`.
    public func url(for ids: [Int]) -> URL {
        APIRequest.items(.episode, ids: ids).url(base: baseURL)
    }

    /// Attempts until success, a final failure, or the policy's limit.
    public func fetch(ids: [Int]) async -> Result<[Episode], PageFailure> {
        await sender.send(HTTPRequest(url: url(for: ids)), decode: Self.episodes)
    }

    /// The episodes in an answer: an array (or, from a server that answers a single id
    /// with an object, that one episode).
    static func episodes(_ response: HTTPResponse) throws(PageFailure) -> [Episode] {
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        if let list = try? Episode.readArray(response.body) { return list }
        if let one = try? Episode.readOne(response.body) { return [one] }
        throw PageFailure(.malformed, "malformed episodes")
    }
}
