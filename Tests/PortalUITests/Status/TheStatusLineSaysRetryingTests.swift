import Foundation
import PortalCore
import PortalTestSupport
import Synchronization
import Testing
@testable import PortalUI

/// Fails the first `failures` requests with 503, then answers from the snapshot.
final class FlakyTransport: Transport {
    let inner: any Transport
    private let remaining: Mutex<Int>
    init(_ inner: any Transport, failures: Int) {
        self.inner = inner
        remaining = Mutex(failures)
    }
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let fail = remaining.withLock { n -> Bool in
            guard n > 0 else { return false }
            n -= 1
            return true
        }
        if fail { return HTTPResponse(status: 503, body: Data(#"{"error":"busy"}"#.utf8)) }
        return try await inner.send(request)
    }
}

@MainActor
@Suite("The status line says retrying… while the shared policy retries a page")
struct TheStatusLineSaysRetryingTests {
    @Test func retryingIsShownThenClearedWhenThePageArrives() async throws {
        let policy = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2))
        let h = Harness(size: Size(columns: 100, rows: 30), inner: FlakyTransport(TestData.snapshot, failures: 2), retryPolicy: policy)
        let final = try #require(await h.runner.takeNext())
        #expect(h.runner.interim.count == 2)
        #expect(h.transport.urls.count == 3, "two failures and the success, for one page")
        h.send(.message(h.runner.interim[0]))
        let status = h.screen().lines[28]
        #expect(status.contains("retrying… (attempt 2: HTTP 503 Service Unavailable: busy)"), "\(status)")
        h.send(.message(final))
        #expect(!h.screen().text.contains("retrying"))
        #expect(h.controller.list.loadedPageCount == 1)
        #expect(h.controller.list.count == 826)
    }

    @Test func aLateRetryNoteForAResetListIsDropped() async throws {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2))
        let h = Harness(size: Size(columns: 100, rows: 30), inner: FlakyTransport(TestData.snapshot, failures: 1), retryPolicy: policy)
        _ = await h.runner.takeNext()
        let note = try #require(h.runner.interim.first)
        h.press(.character("/"))
        for ch in "morty" { h.press(.character(ch)) }
        h.press(.enter)
        h.send(.message(note))
        #expect(!h.screen().text.contains("retrying"))
    }
}

/// Answers every request with 429 and `Retry-After: 30`.
struct ThrottlingTransport: Transport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(status: 429, headers: ["Retry-After": "30"], body: Data(#"{"error":"slow down"}"#.utf8))
    }
}

@MainActor
@Test func retryDuringRetryAfterSaysHowLongToWait() async throws {
    let h = Harness(size: Size(columns: 100, rows: 30), inner: ThrottlingTransport())
    await h.runner.drain(into: h.controller)
    #expect(h.screen().text.contains("error — r to retry"))
    h.press(.character("r"))
    #expect(h.runner.isEmpty, "no request before Retry-After has passed")
    let status = h.screen().lines[28]
    #expect(status.contains("the server asked to wait; r again in 30 s"), "\(status)")
}
