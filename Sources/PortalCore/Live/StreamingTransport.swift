/// Opens a request whose body keeps coming (a `text/event-stream`): the head as soon as it
/// is read, the body a chunk at a time. libcurl's implementation is `CurlStreamTransport`;
/// tests script one.
public protocol StreamingTransport: Sendable {
    /// Sends `request` (a GET) and returns once the answer's head is read. Redirects are
    /// not followed: a 3xx is returned as it is, for the caller to judge its origin.
    func open(_ request: HTTPRequest) async throws -> StreamingResponse
}

/// An answer whose body is read as it arrives.
public struct StreamingResponse: Sendable {
    public var status: Int
    /// Names in lower case.
    public var headers: [String: String]
    public var body: StreamBody

    public init(status: Int, headers: [String: String], body: StreamBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The body of a streaming answer: `next()` gives the next chunk, nil at its end, and
/// throws (a `TransportError`) when the connection breaks or goes silent. The transport
/// holds a bounded amount ahead of the reader (it stops reading the socket), so a slow
/// reader costs no memory. `close()` ends it early.
public struct StreamBody: Sendable {
    private let nextChunk: @Sendable () async throws -> [UInt8]?
    private let closer: @Sendable () -> Void

    public init(next: @escaping @Sendable () async throws -> [UInt8]?, close: @escaping @Sendable () -> Void) {
        nextChunk = next
        closer = close
    }

    public func next() async throws -> [UInt8]? { try await nextChunk() }
    public func close() { closer() }
}
