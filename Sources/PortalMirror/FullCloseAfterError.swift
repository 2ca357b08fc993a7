import NIOCore

/// Makes a connection that failed close completely instead of half-closing.
///
/// Hummingbird answers a request its HTTP parser rejects (a header or a path over NIO's
/// 80 KiB limit, or bytes that are not HTTP) with a 400, then only half-closes: it sends
/// FIN and waits for the client to close its side. A client that never does — one still
/// sending a 1 MB header — leaves the server's socket in FIN-WAIT-2, its descriptor open
/// and the connection's task waiting, for good. After an error on the connection, this
/// handler turns that half-close into a full close, so the socket goes at once (a client
/// that keeps sending gets a reset). A connection without an error half-closes as before.
///
/// It sits in the pipeline after the HTTP codec and passes every read and write through
/// untouched, so its message types are never unwrapped.
final class FullCloseAfterError: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny

    private var failed = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        failed = true
        context.fireErrorCaught(error)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        context.close(mode: failed && mode == .output ? .all : mode, promise: promise)
    }
}
