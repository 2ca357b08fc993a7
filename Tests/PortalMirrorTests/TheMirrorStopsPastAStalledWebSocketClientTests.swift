import Foundation
import PortalTestSupport
@testable import PortalMirror
import Testing

/// The mirror's graceful stop (`RunningMirror.stop()`, as every in-process test stops
/// it) ends even when a WebSocket client subscribed under `--churn` has stopped reading:
/// its changes pile up unsent and it never answers a close, so the stop waited for it
/// for good. Now a connection still open `FullClosingChildChannel.stopGrace` after the
/// stop began is closed. (SIGTERM to portal-mirror: SigtermEndsTheMirrorWithIdleSubscribersEndToEndTests.)
@Suite(.timeLimit(.minutes(2))) struct TheMirrorStopsPastAStalledWebSocketClientTests {
    @Test(arguments: StalledWebSocketClient.Subscription.allCases)
    func aSubscriberThatStopsReadingDoesNotHoldTheStop(_ subscription: StalledWebSocketClient.Subscription) async throws {
        var options = MirrorOptions()
        options.port = 0
        options.log = .none
        options.churn = 2000
        let mirror = try await MirrorServer.start(options, data: Mirror.data)
        let client: StalledWebSocketClient
        do {
            client = try await StalledWebSocketClient.subscribed(subscription, port: mirror.port)
        } catch {
            await mirror.stop()
            throw error
        }
        let stopped = await finishes(within: .seconds(60), unstick: client.disconnect) { await mirror.stop() }
        #expect(stopped, "the stop waited 60 s for a \(subscription) subscriber that reads nothing")
    }
}
