import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOPosix
import NIOWebSocket
import PortalCore
import WSClient

/// portal's WebSocket client: hummingbird-project's `WebSocketClient` (swift-websocket, on
/// SwiftNIO, TLS through NIOSSL) behind PortalCore's `WebSocketConnecting`, so the live
/// protocols above it never name NIO.
///
/// The library runs a connection inside one closure; `NIOWebSocketConnection` hands it out
/// as a value: `connect` returns once the upgrade succeeded, messages pass to the reader one
/// at a time (the library stops reading the socket while one waits, so a slow reader costs
/// no memory), and the server's close frame ends it. Pings from the server are answered by
/// the library. Frames and messages past `maxMessageBytes` close the connection with 1009.
public struct NIOWebSocketConnector: WebSocketConnecting {
    /// The longest the opening handshake (TCP, TLS, the upgrade) may take: a server that
    /// accepts the connection and never answers the upgrade is `TransportError.timedOut`.
    public var handshakeTimeout: Duration

    public init(handshakeTimeout: Duration = .seconds(30)) {
        self.handshakeTimeout = handshakeTimeout
    }

    public func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection {
        guard let url = request.webSocketURL else {
            throw TransportError.invalidRequest("a WebSocket URL must be ws, wss, http or https")
        }
        var headers = HTTPFields()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            guard let field = HTTPField.Name(name), HTTPField.isValidValue(value) else {
                throw TransportError.invalidRequest("the header \(Sanitize.line(name)) cannot be sent")
            }
            headers[field] = value
        }
        if !request.subprotocols.isEmpty {
            headers[.secWebSocketProtocol] = request.subprotocols.joined(separator: ", ")
        }
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: max(request.maxMessageBytes, 1024), additionalHeaders: headers, autoPing: .disabled)
        var logger = Logger(label: "portal-websocket")
        logger.logLevel = .critical
        let connection = NIOWebSocketConnection()
        let limit = request.maxMessageBytes
        let task = Task {
            do {
                let closeFrame = try await WebSocketClient.connect(url: url.absoluteString, configuration: configuration, logger: logger) {
                    inbound, outbound, _ in
                    connection.opened(outbound)
                    var messages = inbound.messages(maxSize: limit).makeAsyncIterator()
                    while let message = try await messages.next() {
                        switch message {
                        case .text(let text): await connection.deliver(.message(.text(text)))
                        case .binary(let buffer): await connection.deliver(.message(.binary(Array(buffer.readableBytesView))))
                        }
                    }
                }
                connection.finish(code: closeFrame.map { Self.code($0.closeCode) }, reason: closeFrame?.reason ?? "")
            } catch {
                connection.fail(Self.describe(error))
            }
        }
        let timer = Task { [handshakeTimeout] in
            try await Task.sleep(for: handshakeTimeout)
            let seconds = Double(handshakeTimeout.components.seconds)
            connection.fail(.refused(.timedOut(.overall(seconds: seconds))))
            task.cancel()
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await connection.waitUntilOpen()
        } onCancel: {
            task.cancel()
        }
    }

    static func code(_ code: WebSocketErrorCode) -> Int {
        switch code {
        case .normalClosure: 1000
        case .goingAway: 1001
        case .protocolError: 1002
        case .unacceptableData: 1003
        case .dataInconsistentWithMessage: 1007
        case .policyViolation: 1008
        case .messageTooLarge: 1009
        case .missingExtension: 1010
        case .unexpectedServerError: 1011
        case .unknown(let number): Int(number)
        }
    }

    /// A failure as a connection ends: before the upgrade, a `TransportError`; after it,
    /// the close the library's error stands for.
    static func describe(_ error: any Error) -> NIOWebSocketConnection.Failure {
        if let error = error as? WebSocketClientError {
            switch error {
            case .serverSentMessageTooLarge: return .closed(code: 1009, reason: "the server sent a message larger than the limit")
            case .serverSentDataInconsistentWithMessage: return .closed(code: 1007, reason: "the server sent text that is not UTF-8")
            case .serverProtocolError: return .closed(code: 1002, reason: "the server broke the WebSocket protocol")
            case .webSocketUpgradeFailed: return .refused(.connectionFailed("the server did not accept the WebSocket upgrade"))
            case .invalidURL: return .refused(.invalidRequest("the WebSocket URL is not valid"))
            default: return .refused(.connectionFailed("\(error)"))
            }
        }
        if error is CancellationError { return .refused(.cancelled) }
        if let io = error as? IOError, io.errnoCode == ECONNREFUSED { return .refused(.cannotConnect("the server refused the connection")) }
        if error is NIOConnectionError { return .refused(.cannotConnect("cannot connect")) }
        if let error = error as? TransportError { return .refused(error) }
        return .refused(.connectionFailed(Sanitize.line("\(error)")))
    }
}
