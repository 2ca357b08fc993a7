import CWebSockets
import Foundation
import PortalCore

extension LibWebSocketsService {
    /// lws calls this on the service thread for every event of every connection; the
    /// service is the context's user data, the connection's number the wsi's opaque data.
    static func dispatch(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                         _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        guard let wsi, let context = lws_get_context(wsi), let service = lws_context_user(context) else { return 0 }
        return Unmanaged<LibWebSocketsService>.fromOpaque(service).takeUnretainedValue().handle(wsi, reason, user, input, length)
    }

    /// One event; non-zero asks lws to close the connection.
    func handle(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        guard let number = lws_get_opaque_user_data(wsi), let connection = connections[Int(bitPattern: number)] else { return 0 }
        switch reason {
        case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
            return appendHeaders(connection, wsi, input, length)
        case LWS_CALLBACK_OPENSSL_PERFORM_SERVER_CERT_VERIFICATION:
            // user: the X509_STORE_CTX; length: OpenSSL's own verdict (preverify_ok).
            if length == 0, let user, connection.certificateProblem == nil {
                connection.certificateProblem = String(cString: portal_lws_verify_words(portal_lws_verify_error(user)))
            }
            return 0
        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            let words = input.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
            let status = Int(lws_http_client_http_response(wsi))
            fail(connection, LibWebSocketsConnector.refusal(words, status: status, target: connection.target, certificateProblem: connection.certificateProblem))
            return 0
        case LWS_CALLBACK_CLIENT_ESTABLISHED:
            connection.established = true
            connection.wsi = wsi
            if connection.shared.withLock({ $0.cancelled }) {
                forget(connection)
                return -1
            }
            connection.opened(.success(()))
            return 0
        case LWS_CALLBACK_CLIENT_RECEIVE:
            return receive(connection, wsi, input, length)
        case LWS_CALLBACK_CLIENT_WRITEABLE:
            return write(connection, wsi)
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            let payload = input.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
            connection.peerClose = payload.count >= 2
                ? (Int(payload[0]) << 8 | Int(payload[1]), String(decoding: payload.dropFirst(2), as: UTF8.self))
                : (nil, "")
            return 0
        case LWS_CALLBACK_CLIENT_CLOSED, LWS_CALLBACK_WSI_DESTROY:
            forget(connection)
            if !connection.established {
                fail(connection, .connectionFailed("the server closed the connection during the upgrade"))
            } else if let (code, reason) = connection.peerClose {
                connection.end(.closed(code: code, reason: reason))
            } else {
                connection.end(.closed(code: nil, reason: "the server closed the connection"))
            }
            return 0
        default:
            return 0
        }
    }

    /// The request's own headers, written into the upgrade lws is making (`input` is
    /// where to write, `length` the room left).
    private func appendHeaders(_ connection: LibWebSocketsConnection, _ wsi: OpaquePointer,
                               _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        guard let input else { return -1 }
        let cursor = input.assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
        guard let start = cursor.pointee else { return -1 }
        let end = start + length
        for (name, value) in connection.target.headers {
            let nameBytes = Array((name + ":").utf8) + [0]
            let valueBytes = Array(value.utf8)
            let failed = nameBytes.withUnsafeBufferPointer { namePointer in
                valueBytes.withUnsafeBufferPointer { valuePointer in
                    lws_add_http_header_by_name(wsi, namePointer.baseAddress, valuePointer.baseAddress, Int32(valueBytes.count), cursor, end)
                }
            }
            if failed != 0 { return -1 }
        }
        return 0
    }

    /// A piece of a message: joined to the ones before it; the last one makes it whole.
    private func receive(_ connection: LibWebSocketsConnection, _ wsi: OpaquePointer,
                         _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        var bytes = connection.partial ?? []
        if connection.partial == nil { connection.partialIsBinary = lws_frame_is_binary(wsi) != 0 }
        guard bytes.count + length <= connection.maxMessageBytes else {
            connection.partial = nil
            return refuse(connection, wsi, code: 1009, reason: "the server sent a message larger than the limit (\(connection.maxMessageBytes) bytes)")
        }
        if let input, length > 0 { bytes += UnsafeRawBufferPointer(start: input, count: length) }
        guard lws_is_final_fragment(wsi) != 0 else {
            connection.partial = bytes
            return 0
        }
        connection.partial = nil
        let message: WebSocketMessage
        if connection.partialIsBinary {
            message = .binary(bytes)
        } else if let text = String(validating: bytes, as: UTF8.self) {
            message = .text(text)
        } else {
            return refuse(connection, wsi, code: 1007, reason: "the server sent text that is not UTF-8")
        }
        if !connection.deliver(message), !connection.paused {
            connection.paused = true
            lws_rx_flow_control(wsi, 0)
        }
        return 0
    }

    /// Ends the connection from portal's side for something the server sent.
    private func refuse(_ connection: LibWebSocketsConnection, _ wsi: OpaquePointer, code: Int, reason: String) -> Int32 {
        connection.end(.closed(code: code, reason: reason))
        closeReason(wsi, code: code, reason: reason)
        return -1
    }

    /// One queued message, or once they are all out the close `close` asked for.
    private func write(_ connection: LibWebSocketsConnection, _ wsi: OpaquePointer) -> Int32 {
        let (message, more, closing) = connection.shared.withLock { shared in
            let message = shared.outgoing.isEmpty ? nil : shared.outgoing.removeFirst()
            return (message, !shared.outgoing.isEmpty, shared.closing)
        }
        if let message {
            let (payload, kind): ([UInt8], lws_write_protocol) = switch message {
            case .text(let text): (Array(text.utf8), LWS_WRITE_TEXT)
            case .binary(let bytes): (bytes, LWS_WRITE_BINARY)
            }
            let pre = portal_lws_pre()
            var buffer = [UInt8](repeating: 0, count: pre + payload.count)
            buffer.replaceSubrange(pre..., with: payload)
            let written = buffer.withUnsafeMutableBufferPointer { whole -> Int32 in
                // Never nil: the buffer holds LWS_PRE bytes at least.
                guard let start = whole.baseAddress else { return -1 }
                return lws_write(wsi, start + pre, payload.count, kind)
            }
            guard written >= payload.count else { return -1 }
            if more || closing != nil { lws_callback_on_writable(wsi) }
            return 0
        }
        guard let closing else { return 0 }
        closeReason(wsi, code: closing.code, reason: closing.reason)
        return -1
    }

    /// The close frame's code and reason (at most 123 bytes, cut on a character).
    private func closeReason(_ wsi: OpaquePointer, code: Int, reason: String) {
        var bytes = Array(reason.utf8)
        while bytes.count > 123 || (!bytes.isEmpty && String(validating: bytes, as: UTF8.self) == nil) { bytes.removeLast() }
        bytes.withUnsafeMutableBufferPointer { lws_close_reason(wsi, lws_close_status(rawValue: UInt32(code)), $0.baseAddress, $0.count) }
    }
}
