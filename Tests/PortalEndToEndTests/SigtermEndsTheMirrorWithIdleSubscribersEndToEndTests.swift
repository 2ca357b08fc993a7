import Foundation
import PortalTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `portal-mirror --churn` stops on SIGTERM (exit 0) while a Realtime and a GraphQL
/// subscriber that read nothing are still connected: it closes them a moment after the
/// stop began, where it used to wait for them for good. Bounded by a deadline only a
/// hang passes; then the mirror is killed and the test fails.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason), .timeLimit(.minutes(2)))
struct SigtermEndsTheMirrorWithIdleSubscribersEndToEndTests {
    @Test func sigtermEndsTheMirrorWithSubscribersThatReadNothing() async throws {
        let scratch = FileManager.default.temporaryDirectory
        let mirror = try MirrorProcess(data: EndToEndEnvironment.dataFolder ?? ".", scratch: scratch, arguments: ["--churn", "2000"])
        let port = try #require(URL(string: mirror.origin)?.port)
        var clients: [StalledWebSocketClient] = []
        for subscription in StalledWebSocketClient.Subscription.allCases {
            clients.append(try await StalledWebSocketClient.subscribed(subscription, port: port))
        }
        let status = await mirror.terminate(deadline: 60)
        let exit = try #require(status, "portal-mirror was still running 60 s after SIGTERM")
        #expect(exit & 0x7f == 0 && (exit >> 8) & 0xff == 0, "wait status \(exit)")
        withExtendedLifetime(clients) {}
    }
}
