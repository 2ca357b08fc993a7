import Foundation

/// `SessionTransport` for a stream (`text/event-stream`): every stream opened goes with the
/// session's access token as `Authorization: Bearer` — asked of the session for each
/// connection, so a reconnection after a renewal carries the renewed token. A 401 the
/// grant reads as a rejected token (`TokenGrant.rejects`, its body read up to 16 KiB)
/// renews the session once and opens the stream once more with the new token; a second
/// 401 is the answer. A session that cannot be renewed fails with
/// `TransportError.sessionExpired`.
///
/// It signs whatever it is handed: the caller (`EventSource`) wraps only the streams on
/// the list's origin in it.
struct SessionStreamingTransport: StreamingTransport {
    let inner: any StreamingTransport
    let session: any SignedInSession

    /// How much of a 401's body is read to see whether it says the token expired.
    static let rejectionBodyLimit = 16 << 10

    func open(_ request: HTTPRequest) async throws -> StreamingResponse {
        let tokens = try await SessionTransport.tokens { () async throws(SessionError) in try await session.current() }
        let response = try await inner.open(SessionTransport.signed(request, tokens))
        guard response.status == 401 else { return response }
        var body: [UInt8] = []
        while body.count < Self.rejectionBodyLimit, let chunk = try? await response.body.next() { body += chunk }
        response.body.close()
        let read = HTTPResponse(status: response.status, headers: response.headers, body: Data(body.prefix(Self.rejectionBodyLimit)))
        guard session.rejects(read) else {
            return StreamingResponse(status: response.status, headers: response.headers, body: StreamBody(next: { nil }, close: {}))
        }
        let renewed = try await SessionTransport.tokens { () async throws(SessionError) in try await session.renew(rejected: tokens.accessToken) }
        return try await inner.open(SessionTransport.signed(request, renewed))
    }
}
