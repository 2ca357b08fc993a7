import Foundation
import PortalCore
import Synchronization

/// Answers with GitHub's rate-limit headers (`remaining` of 60, the reset ten minutes
/// away) where `rated` says (pages, avatars), noting each in `budget` as the live
/// transport does; `window` is changed by a test (a new window).
final class RatedAnswers: Transport {
    struct Window { var remaining: Int; var resetIn: TimeInterval }
    let inner: any Transport
    let budget: RateBudget
    let rated: @Sendable (URL) -> Bool
    let window: Mutex<Window>
    init(_ inner: any Transport, budget: RateBudget, remaining: Int, rated: @escaping @Sendable (URL) -> Bool = { _ in true }) {
        self.inner = inner
        self.budget = budget
        self.rated = rated
        window = Mutex(Window(remaining: remaining, resetIn: 600))
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var response = try await inner.send(request)
        guard rated(request.url) else { return response }
        let window = self.window.withLock { $0 }
        response.headers["x-ratelimit-limit"] = "60"
        response.headers["x-ratelimit-remaining"] = "\(window.remaining)"
        response.headers["x-ratelimit-used"] = "\(60 - window.remaining)"
        response.headers["x-ratelimit-reset"] = "\(Int(Date().timeIntervalSince1970 + window.resetIn))"
        budget.observe(response, from: request.url)
        return response
    }
}
