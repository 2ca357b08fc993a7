import Foundation
import PortalCore

// Compiled into the fuzz-websocket target and, through a symlink, into PortalCoreTests
// (WebSocketFrameTests replays inputs through it). Keep it to PortalCore and Foundation.

extension FuzzEntryPoint {
    /// The WebSocket reader portal wrote itself (`WebSocketInbound` over
    /// `WebSocketFrameReader`: frames, fragments, control frames, close) on any bytes a
    /// server could send. The first byte picks the message limit (16…271 bytes, so the bound
    /// is crossed often), the second the size of the pieces the bytes arrive in (1…16).
    /// Invariants: the events and the failure do not depend on how the bytes were cut; no
    /// message is longer than the limit; a failure is 1002, 1007 or 1009 with a reason of
    /// one line without control characters.
    public static func webSocketInbound(_ bytes: [UInt8]) throws {
        guard bytes.count >= 2 else { return }
        let limit = 16 + Int(bytes[0])
        let piece = 1 + Int(bytes[1] % 16)
        let stream = Array(bytes.dropFirst(2))
        let whole = read(stream, limit: limit, piece: max(1, stream.count))
        let cut = read(stream, limit: limit, piece: piece)
        guard whole.events == cut.events, whole.failure == cut.failure else {
            throw FuzzInvariantBroken("pieces of \(piece) read otherwise than the whole: \(cut.events.count) against \(whole.events.count) events")
        }
        for event in whole.events {
            guard case .message(let message) = event else { continue }
            let count = switch message { case .text(let text): text.utf8.count; case .binary(let data): data.count }
            if count > limit { throw FuzzInvariantBroken("a message of \(count) bytes with a limit of \(limit)") }
        }
        if let failure = whole.failure {
            guard [1002, 1007, 1009].contains(failure.code) else { throw FuzzInvariantBroken("a failure with code \(failure.code)") }
            if failure.reason.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw FuzzInvariantBroken("a failure's reason holds a control character: \(failure.reason.debugDescription)")
            }
        }
    }

    /// Every event `stream` gives when it arrives in pieces of `piece` bytes, and the
    /// failure that ended it, if one did.
    private static func read(_ stream: [UInt8], limit: Int, piece: Int) -> (events: [WebSocketInbound.Event], failure: WebSocketFailure?) {
        var inbound = WebSocketInbound(maxMessageBytes: limit)
        var events: [WebSocketInbound.Event] = []
        var start = 0
        while start < stream.count {
            inbound.append(stream[start..<min(stream.count, start + piece)])
            start += piece
            do {
                while let event = try inbound.next() { events.append(event) }
            } catch {
                return (events, error)
            }
        }
        return (events, nil)
    }
}
