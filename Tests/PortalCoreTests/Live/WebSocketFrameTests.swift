import Foundation
@testable import PortalCore
import Testing

/// The WebSocket codec of portal's own client (RFC 6455 §5): the client's frames masked,
/// the server's read with their three length forms, fragments joined (control frames may
/// come between them), and every way a server breaks the protocol or the size limit ends
/// the connection with the right close code.
struct WebSocketFrameTests {
    /// A frame as a server sends it (unmasked), with the length in the shortest form.
    static func server(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            bytes.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(127)
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64($0 * 8)) }
        }
        return bytes + payload
    }

    static func events(_ bytes: [UInt8], max: Int = 1 << 20) throws(WebSocketFailure) -> [WebSocketInbound.Event] {
        var inbound = WebSocketInbound(maxMessageBytes: max)
        inbound.append(bytes)
        var events: [WebSocketInbound.Event] = []
        while let event = try inbound.next() { events.append(event) }
        return events
    }

    static func failure(_ bytes: [UInt8], max: Int = 1 << 20) -> WebSocketFailure? {
        do throws(WebSocketFailure) {
            _ = try events(bytes, max: max)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [0, 125, 126, 65535, 65536])
    func aClientFrameIsMaskedWithItsLengthInTheRightForm(count: Int) throws {
        let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        let bytes = WebSocketFrame(opcode: .binary, payload: payload).encoded(mask: mask)
        #expect(bytes[0] == 0x82)
        #expect(bytes[1] & 0x80 == 0x80)
        let header: Int
        switch count {
        case ..<126:
            #expect(Int(bytes[1] & 0x7F) == count)
            header = 2
        case ...0xFFFF:
            #expect(bytes[1] & 0x7F == 126)
            #expect(Int(bytes[2]) << 8 | Int(bytes[3]) == count)
            header = 4
        default:
            #expect(bytes[1] & 0x7F == 127)
            #expect(bytes[2..<10].reduce(0) { $0 << 8 | Int($1) } == count)
            header = 10
        }
        #expect(Array(bytes[header..<(header + 4)]) == mask)
        let unmasked = bytes[(header + 4)...].enumerated().map { $0.element ^ mask[$0.offset & 3] }
        #expect(unmasked == payload)
        #expect(bytes.count == header + 4 + count)
    }

    @Test(arguments: [0, 125, 126, 65535, 65536])
    func aServerFrameOfEachLengthIsReadWhole(count: Int) throws {
        let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 3) }
        #expect(try Self.events(Self.server(2, payload)) == [.message(.binary(payload))])
    }

    @Test func aFrameSplitAcrossReadsComesOnceWhole() throws {
        let bytes = Self.server(1, Array("hello, world".utf8))
        var inbound = WebSocketInbound(maxMessageBytes: 100)
        for byte in bytes.dropLast() {
            inbound.append([byte])
            #expect(try inbound.next() == nil)
        }
        inbound.append([bytes.last ?? 0])
        #expect(try inbound.next() == .message(.text("hello, world")))
        #expect(try inbound.next() == nil)
    }

    @Test func fragmentsAreJoinedAndControlFramesBetweenThemComeFirst() throws {
        let bytes = Self.server(1, Array("frag".utf8), fin: false) + Self.server(9, [1, 2]) + Self.server(10, [])
            + Self.server(0, Array("men".utf8), fin: false) + Self.server(0, Array("ted ✓".utf8))
        #expect(try Self.events(bytes) == [.ping([1, 2]), .message(.text("fragmented ✓"))])
    }

    @Test func aMessagePastTheLimitIsRefusedWith1009InOneFrameOrInFragments() {
        #expect(Self.failure(Self.server(2, [UInt8](repeating: 0, count: 11)), max: 10)?.code == 1009)
        #expect(Self.failure(Self.server(2, [UInt8](repeating: 0, count: 10)), max: 10) == nil)
        let fragments = Self.server(2, [UInt8](repeating: 0, count: 6), fin: false) + Self.server(0, [UInt8](repeating: 0, count: 5))
        #expect(Self.failure(fragments, max: 10)?.code == 1009)
        // The header alone is refused: a frame that says 2^40 bytes is not waited for.
        #expect(Self.failure([0x82, 127, 0, 0, 1, 0, 0, 0, 0, 0], max: 10)?.code == 1009)
    }

    @Test(arguments: [3, 7, 11, 15] as [UInt8])
    func anUnknownOpcodeIsAProtocolError(opcode: UInt8) {
        #expect(Self.failure(Self.server(opcode, [1]))?.code == 1002)
    }

    @Test func framesABadServerSendsAreProtocolErrors() {
        let masked: [UInt8] = [0x81, 0x81, 1, 2, 3, 4, 0x41]
        let reserved: [UInt8] = [0xC1, 1, 0x41]
        let longPing = Self.server(9, [UInt8](repeating: 0, count: 126))
        let fragmentedPing = Self.server(9, [], fin: false)
        let strayContinuation = Self.server(0, [1])
        let interleaved = Self.server(1, [0x41], fin: false) + Self.server(2, [1])
        let oneByteClose = Self.server(8, [3])
        for bytes in [masked, reserved, longPing, fragmentedPing, strayContinuation, interleaved, oneByteClose] {
            #expect(Self.failure(bytes)?.code == 1002)
        }
        #expect(Self.failure(Self.server(1, [0xFF, 0xFE]))?.code == 1007)
    }

    @Test func aCloseCarriesItsCodeAndReasonBothWays() throws {
        let frame = WebSocketFrame.close(code: 4400, reason: "bad request ✓")
        #expect(frame.payload == [0x11, 0x30] + Array("bad request ✓".utf8))
        #expect(try Self.events(Self.server(8, frame.payload)) == [.close(code: 4400, reason: "bad request ✓")])
        #expect(try Self.events(Self.server(8, [])) == [.close(code: nil, reason: "")])
        // A reason is cut on a character boundary to keep the control frame at 125 bytes.
        let long = WebSocketFrame.close(code: 1000, reason: String(repeating: "é", count: 100))
        #expect(long.payload.count == 124)
        #expect(String(validating: long.payload.dropFirst(2), as: UTF8.self) == String(repeating: "é", count: 61))
    }

    @Test func theHandshakeAcceptIsRFC6455sExampleAndIsChecked() throws {
        #expect(WebSocketHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(SHA1.digest(Array("abc".utf8)).map { String(Int($0) + 0x100, radix: 16).dropFirst() }.joined() == "a9993e364706816aba3e25717850c26c9cd0d89d")
        let handshake = WebSocketHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==")
        let good = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n"
        #expect(handshake.checked(head: Array(good.utf8), subprotocols: []) == nil)
        let wrongKey = good.replacingOccurrences(of: "s3pP", with: "AAAA")
        #expect(handshake.checked(head: Array(wrongKey.utf8), subprotocols: []) == .malformedAnswer("the server's Sec-WebSocket-Accept does not match the key"))
        #expect(handshake.checked(head: Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8), subprotocols: [])
            == .connectionFailed("the server did not accept the WebSocket upgrade"))
    }

    @Test func theUpgradeRequestNamesHostPortPathKeyAndSubprotocols() throws {
        let handshake = WebSocketHandshake(key: "AAAAAAAAAAAAAAAAAAAAAA==")
        let url = try #require(URL(string: "wss://example.com:8443/realtime/v1/websocket?apikey=a%20b&vsn=1.0.0"))
        let head = String(decoding: try handshake.request(url: url, headers: ["Authorization": "Bearer t"], subprotocols: ["graphql-transport-ws"]), as: UTF8.self)
        #expect(head == "GET /realtime/v1/websocket?apikey=a%20b&vsn=1.0.0 HTTP/1.1\r\nHost: example.com:8443\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAA==\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Protocol: graphql-transport-ws\r\nAuthorization: Bearer t\r\n\r\n")
        #expect(throws: TransportError.self) { try handshake.request(url: url, headers: ["X": "a\r\nInjected: 1"], subprotocols: []) }
        #expect(WebSocketHandshake().key.count == 24)
    }

    /// Server streams for the fuzz target's invariants (fuzz-websocket): a text frame, a
    /// message in two fragments with a ping between, a close with its code and reason, a
    /// header claiming 2^40 bytes, a masked server frame, text that is not UTF-8.
    static let fuzzSamples: [[UInt8]] = [
        [0x81, 0x02, 0x68, 0x69],
        [0x01, 0x02, 0x68, 0x65, 0x89, 0x01, 0x7A, 0x80, 0x03, 0x6C, 0x6C, 0x6F],
        [0x88, 0x05, 0x03, 0xE8, 0x62, 0x79, 0x65],
        [0x82, 0x7F, 0, 0, 1, 0, 0, 0, 0, 0],
        [0x81, 0x82, 1, 2, 3, 4, 0x69, 0x6B],
        [0x81, 0x02, 0xC3, 0x28],
    ]

    /// The fuzz target on the samples, at three limits and cuts: the events do not depend
    /// on how the bytes arrive, nothing passes the limit, failures are 1002/1007/1009.
    @Test(arguments: fuzzSamples)
    func theFuzzTargetsInvariantsHoldOnSamples(stream: [UInt8]) throws {
        for head: [UInt8] in [[0, 0], [255, 15], [40, 2]] {
            try FuzzEntryPoint.webSocketInbound(head + stream)
        }
    }
}

