import CCurl
import Foundation
import PortalCore
#if canImport(Glibc)
import Glibc
#endif

/// The connection's thread: connect (curl, CONNECT_ONLY), the upgrade, then the loop that
/// reads frames, answers pings, writes what senders queued and waits in poll() between.
extension CurlWebSocketConnection {
    enum Received {
        case bytes(ArraySlice<UInt8>)
        case again
        case closed
    }

    func run() {
        if let refusal = connect() ?? upgrade() {
            fail(refusal)
        } else {
            let opening = shared.withLock { shared in
                defer { shared.opening = nil }
                return shared.cancelled ? nil : shared.opening
            }
            if let opening {
                opening.resume()
                pump()
            }
        }
        end(.closed(code: nil, reason: "the connection ended"))
        shared.withLock { shared in
            shared.wakeOpen = false
            _ = Glibc.close(wakeWrite)
        }
        _ = Glibc.close(wakeRead)
        curl_easy_cleanup(easy)
    }

    /// Before the upgrade: a waiting `connect` gets `error`.
    private func fail(_ error: TransportError) {
        end(.closed(code: nil, reason: error.description))
        let opening = shared.withLock { shared in
            defer { shared.opening = nil }
            return shared.opening
        }
        opening?.resume(throwing: error)
    }

    private func connect() -> TransportError? {
        let codes: [CURLcode] = [
            portal_curl_set_string(easy, CURLOPT_URL, settings.url.absoluteString),
            portal_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            portal_curl_set_long(easy, CURLOPT_CONNECT_ONLY, 1),
            portal_curl_set_long(easy, CURLOPT_NOSIGNAL, 1),
            portal_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(settings.connectTimeout / .milliseconds(1))),
            portal_curl_set_long(easy, CURLOPT_TCP_KEEPALIVE, 1),
            portal_curl_set_string(easy, CURLOPT_PROXY, settings.proxy ?? ""),
            portal_curl_set_string(easy, CURLOPT_NOPROXY, ""),
            portal_curl_set_long(easy, CURLOPT_HTTPPROXYTUNNEL, settings.proxy == nil ? 0 : 1),
            portal_curl_set_progress(easy, connectProgress, Unmanaged.passUnretained(self).toOpaque()),
        ]
        if let refused = codes.first(where: { $0 != CURLE_OK }) {
            return .invalidRequest("curl refused the connection (\(String(cString: curl_easy_strerror(refused))))")
        }
        if shared.withLock({ $0.cancelled }) { return .cancelled }
        let code = curl_easy_perform(easy)
        guard code == CURLE_OK else { return CurlWebSocketConnector.refusal(code, origin: settings.origin, proxy: settings.proxy) }
        socket = portal_curl_active_socket(easy)
        return socket == CURL_SOCKET_BAD ? .connectionFailed("curl gave no socket") : nil
    }

    /// Sends the upgrade request and reads the answer's head; what follows it is frames.
    private func upgrade() -> TransportError? {
        pendingOut = settings.head
        var head: [UInt8] = []
        let deadline = ContinuousClock.now + settings.handshakeTimeout
        let closedEarly = TransportError.connectionFailed("the server closed the connection during the upgrade")
        while true {
            if shared.withLock({ $0.cancelled }) { return .cancelled }
            guard writePending() else { return closedEarly }
            switch readChunk() {
            case .closed:
                guard head.isEmpty else { return settings.handshake.checked(head: head, subprotocols: settings.subprotocols) ?? closedEarly }
                return closedEarly
            case .bytes(let bytes):
                head += bytes
                if let end = WebSocketHandshake.headEnd(in: head) {
                    if let refusal = settings.handshake.checked(head: Array(head[..<end]), subprotocols: settings.subprotocols) { return refusal }
                    inbound.append(head[end...])
                    return nil
                }
                if head.count > WebSocketHandshake.maxHeadBytes { return .malformedAnswer("an upgrade answer whose head passes 16 KiB") }
                continue
            case .again:
                break
            }
            guard ContinuousClock.now < deadline else {
                return .timedOut(.overall(seconds: Double(settings.handshakeTimeout.components.seconds)))
            }
            waitForSocket(reading: true, until: deadline)
        }
    }

    /// After the upgrade, until the connection is over.
    private func pump() {
        var closeSent = false
        // Frames that came with the upgrade's answer.
        var finished = readFrames(closeSent: &closeSent)
        var deadline: ContinuousClock.Instant?
        while true {
            let (bytes, closing, cancelled) = shared.withLock { shared in
                defer { shared.outgoing = [] }
                return (shared.outgoing, shared.closing, shared.cancelled)
            }
            if cancelled { return }
            if !closeSent {
                pendingOut += bytes
                if let closing {
                    pendingOut += closing.encoded(mask: Self.mask())
                    closeSent = true
                    deadline = .now + .seconds(2)
                }
            }
            let reading = !finished && (closeSent || hasRoom)
            if reading {
                reads: while true {
                    switch readChunk() {
                    case .again: break reads
                    case .closed:
                        end(.closed(code: nil, reason: "the server closed the connection"))
                        return
                    case .bytes(let received):
                        inbound.append(received)
                        finished = readFrames(closeSent: &closeSent)
                        if finished || (!closeSent && !hasRoom) { break reads }
                    }
                }
            }
            guard writePending() else {
                end(.closed(code: nil, reason: "the server closed the connection"))
                return
            }
            if finished, pendingOut.isEmpty { return }
            if let deadline, ContinuousClock.now >= deadline { return }
            waitForSocket(reading: reading && !finished, until: deadline)
        }
    }

    /// Acts on the frames read so far; true once the connection is to end (the server's
    /// close frame, or a frame that breaks the protocol or the size limit).
    private func readFrames(closeSent: inout Bool) -> Bool {
        do throws(WebSocketFailure) {
            while let event = try inbound.next() {
                switch event {
                case .message(let message):
                    if !closeSent { deliver(message) }
                case .ping(let payload):
                    if !closeSent { pendingOut += WebSocketFrame(opcode: .pong, payload: payload).encoded(mask: Self.mask()) }
                case .close(let code, let reason):
                    if !closeSent {
                        let answer = code.map { WebSocketFrame.close(code: $0, reason: "") } ?? WebSocketFrame(opcode: .close, payload: [])
                        pendingOut += answer.encoded(mask: Self.mask())
                        closeSent = true
                    }
                    end(.closed(code: code, reason: reason))
                    return true
                }
            }
            return false
        } catch {
            if !closeSent {
                pendingOut += WebSocketFrame.close(code: error.code, reason: error.reason).encoded(mask: Self.mask())
                closeSent = true
            }
            end(.closed(code: error.code, reason: error.reason))
            return true
        }
    }

    private func readChunk() -> Received {
        var count = 0
        let code = chunk.withUnsafeMutableBytes { curl_easy_recv(easy, $0.baseAddress, $0.count, &count) }
        if code == CURLE_AGAIN { return .again }
        guard code == CURLE_OK, count > 0 else { return .closed }
        return .bytes(chunk[..<count])
    }

    /// Writes what is pending until the socket takes no more; false when it is gone.
    private func writePending() -> Bool {
        while !pendingOut.isEmpty {
            var sent = 0
            let code = pendingOut.withUnsafeBytes { curl_easy_send(easy, $0.baseAddress, $0.count, &sent) }
            if code == CURLE_AGAIN { return true }
            guard code == CURLE_OK else { return false }
            pendingOut.removeFirst(sent)
        }
        return true
    }

    /// Sleeps in poll() until the socket can be read (when `reading`) or written (when
    /// something is pending), the wake-up pipe has a byte, or `until` passed.
    private func waitForSocket(reading: Bool, until deadline: ContinuousClock.Instant?) {
        let events = (reading ? Int16(POLLIN) : 0) | (pendingOut.isEmpty ? 0 : Int16(POLLOUT))
        var fds = [pollfd(fd: events == 0 ? -1 : socket, events: events, revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        var timeout: Int32 = -1
        if let deadline {
            let left = (deadline - .now) / .milliseconds(1)
            timeout = Int32(max(0, min(Double(Int32.max), left.rounded(.up))))
        }
        _ = poll(&fds, 2, timeout)
        guard fds[1].revents != 0 else { return }
        var drain = [UInt8](repeating: 0, count: 64)
        while Glibc.read(wakeRead, &drain, drain.count) > 0 {}
    }
}

/// Aborts a connect whose task was cancelled (curl calls this while it connects).
private let connectProgress: curl_xferinfo_callback = { context, _, _, _, _ in
    guard let context else { return 0 }
    let connection = Unmanaged<CurlWebSocketConnection>.fromOpaque(context).takeUnretainedValue()
    return connection.shared.withLock { $0.cancelled } ? 1 : 0
}
