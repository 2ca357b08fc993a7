import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

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
struct FullClosingChildChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value
    let base: HTTP1WebSocketUpgradeChannel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(CloseOnNegotiationError())
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
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
