import CCurl
import Foundation
import PortalCore
import Synchronization

/// One streaming GET (a `text/event-stream`) on a thread and curl multi handle of its
/// own: a stream lives for minutes or hours, and on `CurlLoop`'s shared thread it would
/// hold a transfer slot and mix its pacing with the pages'. Redirects are not followed.
///
/// Bounded: at most `maxBufferedBytes` wait for the reader; past that the write callback
/// pauses the transfer (`CURL_WRITEFUNC_PAUSE`, so the socket is not read and the server
/// is held back by TCP) until the reader has taken half of it. No byte for
/// `idleTimeout` (and the reader not the one holding it back) ends the stream as timed
/// out: a server that promised heartbeats and went silent. A head over 80 KiB or holding
/// control bytes is a malformed answer.
///
/// `@unchecked Sendable`, and why that is safe: the easy and multi handles and the
/// `head*` fields are used only on the stream's own thread (its callbacks run there);
/// everything the reader touches is in `shared`, a mutex; `curl_multi_wakeup` is the one
/// call made from other threads, which libcurl allows; it is made under that mutex, and
/// the stream's thread frees the multi handle under it too, so no wake-up reaches a freed
/// handle (a reader closes its body after the stream ended).
final class CurlStream: @unchecked Sendable {
    struct Limits {
        var idleTimeout: TimeInterval
        var connectTimeout: TimeInterval
        var maxBufferedBytes: Int
        var maxHeaderBytes = 80 * 1024
    }

    struct Shared {
        var head: CheckedContinuation<(Int, [String: String]), any Error>?
        var chunks: [[UInt8]] = []
        var buffered = 0
        var reader: CheckedContinuation<[UInt8]?, any Error>?
        var end: TransportError??
        var paused = false
        var resume = false
        var closed = false
        /// The multi handle is still there to wake (false once the stream's thread freed it).
        var awake = true
    }

    let limits: Limits
    let origin: Origin
    let shared = Mutex(Shared())
    private let multi: UnsafeMutableRawPointer
    private let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    // The stream's thread alone.
    var headLines: [(String, String)] = []
    var headBytes = 0
    var status = 0
    var lastActivity = ContinuousClock.now
    /// Why a callback stopped the transfer.
    var stopped: TransportError?

    private init?(limits: Limits, origin: Origin) {
        _ = Self.globalInit
        guard let multi = curl_multi_init() else { return nil }
        guard let easy = curl_easy_init() else {
            curl_multi_cleanup(multi)
            return nil
        }
        self.limits = limits
        self.origin = origin
        self.multi = multi
        self.easy = easy
    }

    private static let globalInit: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// Starts the GET of `url` with `headerLines` and returns the head once it is read.
    static func open(url: URL, headerLines: [String], proxy: String?, limits: Limits, origin: Origin) async throws -> StreamingResponse {
        guard let stream = CurlStream(limits: limits, origin: origin) else {
            throw TransportError.connectionFailed("libcurl could not make a handle")
        }
        if let refused = stream.configure(url: url, headerLines: headerLines, proxy: proxy) {
            stream.cleanUp()
            throw refused
        }
        let (status, headers) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                stream.shared.withLock { $0.head = continuation }
                let thread = Thread { stream.run() }
                thread.name = "portal-curl-stream"
                thread.start()
            }
        } onCancel: {
            stream.close()
        }
        return StreamingResponse(status: status, headers: headers, body: StreamBody(next: { try await stream.next() }, close: { stream.close() }))
    }

    // MARK: - The reader's side

    func next() async throws -> [UInt8]? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8]?, any Error>) in
                let ready: Result<[UInt8]?, TransportError>? = shared.withLock { shared in
                    if !shared.chunks.isEmpty { return .success(take(&shared)) }
                    if let end = shared.end { return end.map { .failure($0) } ?? .success(nil) }
                    if shared.closed { return .failure(.cancelled) }
                    shared.reader = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready.mapError { $0 as any Error }) }
            }
        } onCancel: {
            close()
        }
    }

    /// The first chunk; asks the stream's thread to read on once half the room is free.
    private func take(_ shared: inout Shared) -> [UInt8] {
        let chunk = shared.chunks.removeFirst()
        shared.buffered -= chunk.count
        if shared.paused, shared.buffered <= limits.maxBufferedBytes / 2 {
            shared.paused = false
            shared.resume = true
            if shared.awake { _ = curl_multi_wakeup(multi) }
        }
        return chunk
    }

    /// Ends the stream now (the reader went, or its task was cancelled).
    func close() {
        let waiting: (CheckedContinuation<[UInt8]?, any Error>?, CheckedContinuation<(Int, [String: String]), any Error>?) = shared.withLock { shared in
            shared.closed = true
            // Under the lock: the stream's thread frees the handle under it too.
            if shared.awake { _ = curl_multi_wakeup(multi) }
            defer { shared.reader = nil; shared.head = nil }
            return (shared.reader, shared.head)
        }
        waiting.0?.resume(throwing: TransportError.cancelled)
        waiting.1?.resume(throwing: TransportError.cancelled)
    }

    // MARK: - The stream's thread

    private func configure(url: URL, headerLines: [String], proxy: String?) -> TransportError? {
        var codes: [CURLcode] = [
            portal_curl_set_string(easy, CURLOPT_URL, url.absoluteString),
            portal_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            portal_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0),
            portal_curl_set_long(easy, CURLOPT_PATH_AS_IS, 1),
            portal_curl_set_long(easy, CURLOPT_NOSIGNAL, 1),
            portal_curl_set_long(easy, CURLOPT_HTTPGET, 1),
            portal_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(limits.connectTimeout * 1000)),
            portal_curl_set_long(easy, CURLOPT_TCP_KEEPALIVE, 1),
            portal_curl_set_string(easy, CURLOPT_PROXY, proxy ?? ""),
            portal_curl_set_string(easy, CURLOPT_NOPROXY, ""),
            portal_curl_set_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
        ]
        for line in headerLines { headerList = curl_slist_append(headerList, line) }
        codes.append(portal_curl_set_headers(easy, headerList))
        codes.append(portal_curl_set_receivers(easy, streamBody, streamHeader, Unmanaged.passUnretained(self).toOpaque()))
        guard let refused = codes.first(where: { $0 != CURLE_OK }) else { return nil }
        return .invalidRequest("curl refused the request (\(String(cString: curl_easy_strerror(refused))))")
    }

    private func run() {
        curl_multi_add_handle(multi, easy)
        lastActivity = .now
        var outcome: TransportError?
        while true {
            let (closed, resume) = shared.withLock { shared in
                defer { shared.resume = false }
                return (shared.closed, shared.resume)
            }
            if closed {
                outcome = .cancelled
                break
            }
            if resume {
                lastActivity = .now
                curl_easy_pause(easy, 0)
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var done: UnsafeMutableRawPointer?
            var code = CURLE_OK
            if portal_curl_next_done(multi, &done, &code) == 1 {
                outcome = code == CURLE_OK ? nil : failure(code)
                break
            }
            let paused = shared.withLock { $0.paused }
            let silent = ContinuousClock.now - lastActivity
            if !paused, silent > .seconds(limits.idleTimeout) {
                outcome = portal_curl_connect_time(easy) > 0 ? .timedOut(.idle(seconds: limits.idleTimeout)) : .cannotConnect("\(origin.written) did not accept a connection")
                break
            }
            let left = Int((.seconds(limits.idleTimeout) - silent) / .milliseconds(1)) + 1
            curl_multi_poll(multi, nil, 0, Int32(max(1, min(1000, left))), nil)
        }
        finish(outcome)
        cleanUp()
    }

    private func cleanUp() {
        curl_multi_remove_handle(multi, easy)
        curl_easy_cleanup(easy)
        shared.withLock { shared in
            shared.awake = false
            curl_multi_cleanup(multi)
        }
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
    }

    /// The stream ended: with `error`, or cleanly (nil).
    private func finish(_ error: TransportError?) {
        let (head, reader): (CheckedContinuation<(Int, [String: String]), any Error>?, CheckedContinuation<[UInt8]?, any Error>?) = shared.withLock { shared in
            shared.end = .some(error)
            defer { shared.head = nil; shared.reader = nil }
            return (shared.head, shared.chunks.isEmpty ? shared.reader : nil)
        }
        head?.resume(throwing: error ?? .connectionFailed("the server closed the connection before its answer"))
        if let reader {
            if let error { reader.resume(throwing: error) } else { reader.resume(returning: nil) }
        }
    }

    private func failure(_ code: CURLcode) -> TransportError {
        let connected = portal_curl_connect_time(easy) > 0
        switch code {
        case CURLE_COULDNT_CONNECT: return .cannotConnect("\(origin.written) refused the connection")
        case CURLE_COULDNT_RESOLVE_HOST: return .cannotConnect("no address for \(origin.written)")
        case CURLE_OPERATION_TIMEDOUT where !connected: return .cannotConnect("\(origin.written) did not accept a connection")
        case CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_RECV_ERROR: return .connectionFailed("the server closed the connection")
        case CURLE_WRITE_ERROR: return stopped ?? .cancelled
        default: return .connectionFailed(String(cString: curl_easy_strerror(code)))
        }
    }
}

private let streamBody: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let stream = Unmanaged<CurlStream>.fromOpaque(context).takeUnretainedValue()
    return stream.receivedBody(UnsafeRawBufferPointer(start: data, count: size * count))
}

private let streamHeader: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let stream = Unmanaged<CurlStream>.fromOpaque(context).takeUnretainedValue()
    return stream.receivedHeader(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
}
