/// The server's side of a WebSocket as the client reads it: frames (`WebSocketFrameReader`)
/// joined into messages, control frames passed up for the connection to act on. Bounded: a
/// message whose frames together pass `maxMessageBytes` fails with 1009 as soon as the
/// frame that passes it arrives.
public struct WebSocketInbound: Sendable {
    /// What the connection does next.
    public enum Event: Sendable, Equatable {
        case message(WebSocketMessage)
        /// Answer with a pong carrying the same bytes.
        case ping([UInt8])
        /// The server's close frame: its code (nil when it sent none) and reason.
        case close(code: Int?, reason: String)
    }

    public let maxMessageBytes: Int
    private var frames: WebSocketFrameReader
    /// The fragmented message under way: its opcode and the bytes so far.
    private var partial: (opcode: WebSocketFrame.Opcode, bytes: [UInt8])?

    public init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
        frames = WebSocketFrameReader(maxPayloadBytes: maxMessageBytes)
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        frames.append(bytes)
    }

    /// The next event, nil until more bytes come (pongs are read and dropped).
    public mutating func next() throws(WebSocketFailure) -> Event? {
        while let frame = try frames.next() {
            switch frame.opcode {
            case .ping: return .ping(frame.payload)
            case .pong: continue
            case .close: return try Self.closeEvent(frame.payload)
            case .text, .binary:
                guard partial == nil else { throw .protocolError("a new message before the last one's final frame") }
                if frame.fin { return .message(try Self.message(frame.opcode, frame.payload)) }
                partial = (frame.opcode, frame.payload)
            case .continuation:
                guard var joined = partial else { throw .protocolError("a continuation frame outside a message") }
                guard joined.bytes.count + frame.payload.count <= maxMessageBytes else {
                    partial = nil
                    throw WebSocketFailure(code: 1009, reason: "the server sent a message larger than the limit (\(maxMessageBytes) bytes)")
                }
                partial = nil
                joined.bytes += frame.payload
                if frame.fin { return .message(try Self.message(joined.opcode, joined.bytes)) }
                partial = joined
            }
        }
        return nil
    }

    private static func message(_ opcode: WebSocketFrame.Opcode, _ bytes: [UInt8]) throws(WebSocketFailure) -> WebSocketMessage {
        guard opcode == .text else { return .binary(bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw WebSocketFailure(code: 1007, reason: "the server sent text that is not UTF-8")
        }
        return .text(text)
    }

    private static func closeEvent(_ payload: [UInt8]) throws(WebSocketFailure) -> Event {
        if payload.isEmpty { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw .protocolError("a close frame of one byte") }
        guard let reason = String(validating: payload.dropFirst(2), as: UTF8.self) else {
            throw WebSocketFailure(code: 1007, reason: "the server sent a close reason that is not UTF-8")
        }
        return .close(code: Int(payload[0]) << 8 | Int(payload[1]), reason: reason)
    }
}
