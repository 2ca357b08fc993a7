import CCurl
import Foundation
import PortalCore
import Synchronization

/// One exchange with a server (one request, one answer: redirects are the transport's
/// business), run by `CurlLoop` on its easy handle. It keeps the limits while the answer
/// comes in: the header and body callbacks stop the transfer (by returning 0) at the first
/// byte past a limit, so memory holds at most the cap plus curl's one chunk (16 KiB).
///
/// `@unchecked Sendable`, and why that is safe: what is not `let` is touched only on the
/// loop's thread (its callbacks, `configure`, `outcome`), except `cancelled` (an atomic)
/// and `continuation`, which is set once before the transfer is handed to the loop through
/// the loop's mutex (which orders it before any read there) and resumed once, there.
final class CurlTransfer: @unchecked Sendable {
    /// What to send.
    struct Request {
        var url: URL
        var method: String
        /// `Name: value` lines, the defaults (User-Agent, Accept) already merged in.
        var headerLines: [String]
        var body: Data?
        /// The proxy to go through; nil for a direct connection.
        var proxy: String?
    }

    /// What a server may not exceed.
    struct Limits {
        var maxBodyBytes: Int
        /// The status line and header lines of one answer together (nginx's default is 8
        /// KiB a line, NIO's parser allowed 80 KiB in all; curl's own limit is 100 KiB).
        var maxHeaderBytes = 80 * 1024
        var idle: TimeInterval
        var overall: TimeInterval
        var connectTimeout: TimeInterval
        /// When the whole request (redirects included) must be done.
        var deadline: ContinuousClock.Instant
    }

    /// A whole answer.
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    let request: Request
    let limits: Limits
    let origin: Origin
    private let cancelled = Atomic<Bool>(false)
    private var continuation: CheckedContinuation<Answer, any Error>?

    // The loop thread's alone once started.
    private(set) var lastActivity = ContinuousClock.now
    private var headers: [(name: String, value: String)] = []
    private var headerBytes = 0
    private var body = Data()
    /// Set by a callback that stopped the transfer: why.
    private var stopped: TransportError?
    private var headerList: UnsafeMutablePointer<curl_slist>?

    init(_ request: Request, limits: Limits, origin: Origin) {
        self.request = request
        self.limits = limits
        self.origin = origin
    }

    /// Runs the transfer on the loop; the answer (or a `TransportError`) comes back at once
    /// when the task is cancelled.
    func run(on loop: CurlLoop) async throws -> Answer {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                self.continuation = continuation
                loop.submit(self)
            }
        } onCancel: {
            cancelled.store(true, ordering: .releasing)
            loop.wake()
        }
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Resumes the waiting task (once).
    func complete(_ result: Result<Answer, TransportError>) {
        if let header = headerList { curl_slist_free_all(header) }
        headerList = nil
        let waiting = continuation
        continuation = nil
        waiting?.resume(with: result.mapError { $0 as any Error })
    }

    /// The deadline that has passed at `now`, if any.
    func expired(at now: ContinuousClock.Instant) -> Timeout? {
        if now >= limits.deadline { return .overall(seconds: limits.overall) }
        if now - lastActivity > .seconds(limits.idle) { return .idle(seconds: limits.idle) }
        return nil
    }

    /// When `expired` will next have something to say.
    var nextDeadline: ContinuousClock.Instant { min(limits.deadline, lastActivity + .seconds(limits.idle)) }

    // MARK: - What comes in (on the loop thread, from curl's callbacks)

    /// One header line (the status line and the blank line that ends the head included).
    func receivedHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now
        var line = bytes[...]
        while let last = line.last, last == 0x0A || last == 0x0D { line = line.dropLast() }
        if line.starts(with: Array("HTTP/".utf8)) {
            // A new answer (after a 1xx): its own head, its own limit.
            headers = []
            headerBytes = 0
        }
        headerBytes += bytes.count
        guard headerBytes <= limits.maxHeaderBytes else {
            return stop(.malformedAnswer("a header section larger than portal reads (\(limits.maxHeaderBytes / 1024) KiB)"))
        }
        guard !line.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
            return stop(.malformedAnswer("a header with characters HTTP does not allow"))
        }
        if line.isEmpty || line.starts(with: Array("HTTP/".utf8)) { return true }
        let text = String(decoding: line, as: UTF8.self)
        if let first = line.first, first == 0x20 || first == 0x09, let previous = headers.popLast() {
            // An obsolete folded line continues the header before it.
            headers.append((previous.name, previous.value + " " + text.trimmingCharacters(in: .whitespaces)))
            return true
        }
        guard let colon = text.firstIndex(of: ":"), RequestHeaders.isHeaderName(text[..<colon]) else {
            return stop(.malformedAnswer("a header line that is no header"))
        }
        let name = text[..<colon].lowercased()
        let value = text[text.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        if name == "content-length", let declared = Int(value), declared > limits.maxBodyBytes {
            return stop(.bodyTooLarge(limit: limits.maxBodyBytes))
        }
        headers.append((name, value))
        return true
    }

    /// One chunk of the body.
    func receivedBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now
        guard body.count + bytes.count <= limits.maxBodyBytes else { return stop(.bodyTooLarge(limit: limits.maxBodyBytes)) }
        if body.isEmpty, let declared = headers.last(where: { $0.name == "content-length" }).flatMap({ Int($0.value) }) {
            body.reserveCapacity(min(declared, limits.maxBodyBytes))
        }
        body.append(contentsOf: bytes)
        return true
    }

    private func stop(_ why: TransportError) -> Bool {
        stopped = why
        return false
    }

    // MARK: - Setting up and finishing (on the loop thread)

    /// Sets the handle up for this request; nil when curl took every option.
    func configure(_ easy: UnsafeMutableRawPointer) -> TransportError? {
        let remaining = max(1, Int((limits.deadline - .now) / .milliseconds(1)))
        var codes: [CURLcode] = [
            portal_curl_set_string(easy, CURLOPT_URL, request.url.absoluteString),
            portal_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            // Redirects are the transport's, within the origin only.
            portal_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0),
            // The path is sent as the server wrote it (no `/../` squashed), as before.
            portal_curl_set_long(easy, CURLOPT_PATH_AS_IS, 1),
            // No signals from another thread (curl's resolver is threaded in Debian's build).
            portal_curl_set_long(easy, CURLOPT_NOSIGNAL, 1),
            portal_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(limits.connectTimeout * 1000)),
            // A transfer ended while its name is still being resolved (a timeout, a cancel)
            // leaves the resolver thread to finish on its own: without this, curl joins that
            // thread first, and the whole loop waited out a resolver that hangs (5 s a try).
            portal_curl_set_long(easy, CURLOPT_QUICK_EXIT, 1),
            // Backstops only, a second late: CurlLoop ends a transfer at its deadlines to the
            // millisecond (curl counts the low-speed time in whole seconds).
            portal_curl_set_long(easy, CURLOPT_TIMEOUT_MS, remaining + 1000),
            portal_curl_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1),
            portal_curl_set_long(easy, CURLOPT_LOW_SPEED_TIME, Int(limits.idle.rounded(.up)) + 1),
            portal_curl_set_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBodyBytes)),
            portal_curl_set_string(easy, CURLOPT_PROXY, request.proxy ?? ""),
            // The proxy above already follows no_proxy (ProxyEnvironment): curl is not to
            // read the environment again and decide otherwise.
            portal_curl_set_string(easy, CURLOPT_NOPROXY, ""),
            portal_curl_set_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
        ]
        for line in request.headerLines { headerList = curl_slist_append(headerList, line) }
        codes.append(portal_curl_set_headers(easy, headerList))
        codes.append(contentsOf: methodAndBody(easy))
        let context = Unmanaged.passUnretained(self).toOpaque()
        codes.append(portal_curl_set_receivers(easy, receiveBody, receiveHeader, context))
        guard let refused = codes.first(where: { $0 != CURLE_OK }) else { return nil }
        return .invalidRequest("curl refused the request (\(String(cString: curl_easy_strerror(refused))))")
    }

    private func methodAndBody(_ easy: UnsafeMutableRawPointer) -> [CURLcode] {
        var codes: [CURLcode] = []
        if let body = request.body {
            codes.append(body.withUnsafeBytes { bytes in
                portal_curl_set_body(easy, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), curl_off_t(bytes.count))
            })
            if request.method != "POST" { codes.append(portal_curl_set_string(easy, CURLOPT_CUSTOMREQUEST, request.method)) }
        } else if request.method == "GET" {
            codes.append(portal_curl_set_long(easy, CURLOPT_HTTPGET, 1))
        } else if request.method == "HEAD" {
            codes.append(portal_curl_set_long(easy, CURLOPT_NOBODY, 1))
        } else {
            codes.append(portal_curl_set_string(easy, CURLOPT_CUSTOMREQUEST, request.method))
        }
        return codes
    }

    /// The answer, or why there is none, once curl says the transfer ended with `code`.
    func outcome(_ code: CURLcode, easy: UnsafeMutableRawPointer) -> Result<Answer, TransportError> {
        if let stopped { return .failure(stopped) }
        guard code == CURLE_OK else {
            return .failure(CurlErrorMapping.map(code, transfer: self, connected: portal_curl_connect_time(easy) > 0))
        }
        var combined: [String: String] = [:]
        for (name, value) in headers { combined[name] = combined[name].map { $0 + ", " + value } ?? value }
        return .success(Answer(status: portal_curl_response_code(easy), headers: combined, body: body))
    }
}

/// curl's body callback: hands the chunk to the transfer; 0 (not the size) stops it.
private let receiveBody: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receivedBody(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
}

/// curl's header callback: one line of the head at a time; 0 stops the transfer.
private let receiveHeader: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receivedHeader(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
}
