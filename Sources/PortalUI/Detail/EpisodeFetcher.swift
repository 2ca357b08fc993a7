import Foundation
import PortalCore

/// Fetches a character's episodes with one multi-id request (`/episode/1,2,3`, or
/// `/episode/[n]` for one id — both answer a JSON array), off the UI thread, retrying
/// transient failures under the same `RetryPolicy` as the list's pages.
public struct EpisodeFetcher: Sendable {
    public let transport: any Transport
    public let baseURL: String
    public let policy: RetryPolicy
    public let sleep: @Sendable (Duration) async throws -> Void
    public let random: @Sendable () -> Double

    public init(
        transport: any Transport, baseURL: String, policy: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.transport = transport
        self.baseURL = baseURL
        self.policy = policy
        self.sleep = sleep
        self.random = random
    }

    /// The URL of the one request for `ids`.
    public func url(for ids: [Int]) -> URL {
        APIRequest.items(.episode, ids: ids).url(base: baseURL)
    }

    /// Attempts until success, a final failure, or the policy's limit.
    public func fetch(ids: [Int]) async -> Result<[Episode], PageFailure> {
        let request = HTTPRequest(url: url(for: ids))
        var attempt = 1
        while true {
            let result = await fetchOnce(request)
            guard case .failure(let failure) = result,
                  let wait = policy.delay(after: failure, attempt: attempt, random: random()) else {
                return result
            }
            do {
                try await sleep(wait)
            } catch {
                return result
            }
            attempt += 1
        }
    }

    func fetchOnce(_ request: HTTPRequest) async -> Result<[Episode], PageFailure> {
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            return .failure(PageFailure(.transport(error), error.description))
        } catch {
            return .failure(PageFailure(.transport(.connectionFailed("\(error)")), "\(error)"))
        }
        guard (200..<300).contains(response.status) else {
            var message = HTTPStatusText.describe(response.status)
            if let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
               let error = object["error"] as? String {
                message += ": " + error
            }
            return .failure(PageFailure(.http(status: response.status), message, retryAfter: response.retryAfterSeconds))
        }
        let decoder = JSONDecoder()
        if let list = try? decoder.decode([Episode].self, from: response.body) { return .success(list) }
        if let one = try? decoder.decode(Episode.self, from: response.body) { return .success([one]) }
        return .failure(PageFailure(.malformed, "malformed episodes"))
    }
}
