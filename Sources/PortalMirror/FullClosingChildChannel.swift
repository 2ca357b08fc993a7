import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
import Synchronization

/// Closes a connection completely when its request is refused before its head is read.
///
/// With the WebSocket upgrade in the pipeline (`/graphql`'s subscriptions, Realtime), a
/// request the HTTP parser rejects before its head is read (a header or a path of 1 MB)
/// never reaches the HTTP handlers that `FullCloseAfterError` sits among: the parser's
/// error passes the upgrade handler, which neither answers nor closes, and the upgrade's
/// negotiation never ends, so the socket and its task would be held for good. A watcher
/// at the pipeline's end closes the connection (both directions) on a parser error.
/// The outcome's handlers are added behind the watcher, which passes their messages on
/// untouched; errors raised behind it (HTTP's, the WebSocket's) never reach it.
///
/// It also bounds the graceful stop (SIGTERM, `RunningMirror.stop()`): a connection still
/// open `stopGrace` after the stop began is closed outright. The stop waits for every
/// connection, and a WebSocket whose client reads nothing never ends by itself: the
/// close frame waits behind writes the client does not take (under `--churn`), or the
/// server waits for a close reply that never comes — the stop hung for good either way.
struct FullClosingChildChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value
    let base: HTTP1WebSocketUpgradeChannel
    /// Time a connection gets to end by itself once the stop began: a client that reads
    /// answers a WebSocket close (and an event stream ends) within milliseconds.
    static let stopGrace: TimeAmount = .seconds(1)

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(CloseOnNegotiationError())
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        let closing = Mutex<Scheduled<Void>?>(nil)
        await withGracefulShutdownHandler {
            await base.handle(value: value, logger: logger)
        } onGracefulShutdown: {
            let channel = value.channel
            let close = channel.eventLoop.scheduleTask(in: Self.stopGrace) { channel.close(mode: .all, promise: nil) }
            closing.withLock { $0 = close }
        }
        closing.withLock { $0 }?.cancel()
    }
}

/// Closes the channel when the HTTP parser refuses a request; passes everything on.
/// It stays for the connection's life (removing it while the upgrade handler replays the
/// request's parts stalled connections in the full suite).
private final class CloseOnNegotiationError: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Only the parser's refusal: a refused upgrade reports its own errors and still
        // answers (hummingbird-websocket writes its failed-upgrade response).
        if error is HTTPParserError { context.close(mode: .all, promise: nil) }
        context.fireErrorCaught(error)
    }
}
