/// One RFC 6455 frame, as portal's own WebSocket client (`CurlWebSocketConnector`) writes
/// and reads them: pure Swift, so the codec is unit-tested apart from any socket.
public struct WebSocketFrame: Sendable, Equatable {
    public enum Opcode: UInt8, Sendable {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10

        /// Close, ping and pong: at most 125 bytes, never fragmented, allowed between the
        /// frames of a fragmented message.
        public var isControl: Bool { rawValue >= 8 }
    }

    public var fin: Bool
    public var opcode: Opcode
    public var payload: [UInt8]

    public init(fin: Bool = true, opcode: Opcode, payload: [UInt8]) {
        self.fin = fin
        self.opcode = opcode
        self.payload = payload
    }

    /// The frame on the wire as a client must send it: masked with the 4 bytes of `mask`
    /// (RFC 6455 §5.3; a fresh random one per frame), the length in 7, 16 or 64 bits.
    public func encoded(mask: [UInt8]) -> [UInt8] {
        precondition(mask.count == 4, "a WebSocket mask is 4 bytes")
        let count = payload.count
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode.rawValue]
        bytes.reserveCapacity(count + 14)
        if count < 126 {
            bytes.append(0x80 | UInt8(count))
        } else if count <= 0xFFFF {
            bytes += [0x80 | 126, UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            bytes.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift))) }
        }
        bytes += mask
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index & 3]) }
        return bytes
    }

    /// A close frame: the code (big-endian) and the reason, cut on a character boundary so
    /// the payload keeps to the 125 bytes a control frame may have.
    public static func close(code: Int, reason: String) -> WebSocketFrame {
        var payload = [UInt8(truncatingIfNeeded: code >> 8), UInt8(truncatingIfNeeded: code)]
        var kept = ""
        for character in reason where payload.count + kept.utf8.count + String(character).utf8.count <= 125 { kept.append(character) }
        payload += Array(kept.utf8)
        return WebSocketFrame(opcode: .close, payload: payload)
    }

    /// A client frame carrying `message` whole.
    public static func message(_ message: WebSocketMessage) -> WebSocketFrame {
        switch message {
        case .text(let text): WebSocketFrame(opcode: .text, payload: Array(text.utf8))
        case .binary(let bytes): WebSocketFrame(opcode: .binary, payload: bytes)
        }
    }
}

/// Why the client ends a connection the server broke the protocol on: the close code it
/// sends (1002 protocol error, 1007 text not UTF-8, 1009 message too big) and its reason.
public struct WebSocketFailure: Error, Sendable, Equatable {
    public var code: Int
    public var reason: String

    public init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    static func protocolError(_ why: String) -> WebSocketFailure { WebSocketFailure(code: 1002, reason: "the server sent " + why) }
}

/// Reads the server's frames from the bytes as they arrive. Bounded: a frame whose header
/// declares more than `maxPayloadBytes` is refused (1009) before any of it is held, so the
/// buffer never holds more than one frame and the last bytes read.
public struct WebSocketFrameReader: Sendable {
    public let maxPayloadBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0

    public init(maxPayloadBytes: Int) {
        self.maxPayloadBytes = maxPayloadBytes
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame, nil until its last byte came.
    public mutating func next() throws(WebSocketFailure) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw .protocolError("a frame with reserved bits set (no extension was agreed)") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else { throw .protocolError("a frame of unknown opcode \(first & 0x0F)") }
        guard second & 0x80 == 0 else { throw .protocolError("a masked frame") }
        let fin = first & 0x80 != 0
        var length = UInt64(second & 0x7F)
        var headerBytes = 2
        if opcode.isControl, length > 125 || !fin { throw .protocolError("a control frame longer than 125 bytes or fragmented") }
        if length >= 126 {
            let extra = length == 126 ? 2 : 8
            guard available >= 2 + extra else { return nil }
            length = buffer[(start + 2)..<(start + 2 + extra)].reduce(0) { $0 << 8 | UInt64($1) }
            headerBytes += extra
            guard length >> 63 == 0 else { throw .protocolError("a frame length with its top bit set") }
        }
        guard length <= UInt64(maxPayloadBytes) else {
            throw WebSocketFailure(code: 1009, reason: "the server sent a message larger than the limit (\(maxPayloadBytes) bytes)")
        }
        guard UInt64(available - headerBytes) >= length else { return nil }
        let payloadStart = start + headerBytes
        let payload = Array(buffer[payloadStart..<(payloadStart + Int(length))])
        start = payloadStart + Int(length)
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count <= 1 << 16)
            start = 0
        }
        return WebSocketFrame(fin: fin, opcode: opcode, payload: payload)
    }
}
