import AsyncHTTPClient
import NIOCore
import NIOPosix

/// The one HTTP client of the process, on NIO's process-wide event loop group, so that no
/// request or transport starts threads of its own and connections are reused across them.
///
/// It lives as long as the process, like async-http-client's own `HTTPClient.shared`
/// (which cannot be used here: it follows redirects across origins and retries failed
/// connections), so it is never shut down; its event loops end with the process.
public enum HTTPClientPool {
    /// How long a connection may take to be accepted. A refused one fails at once.
    public static let connectTimeout: TimeAmount = .seconds(2)

    /// Shared by every `AsyncHTTPTransport`.
    public static let shared: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        // Redirects are followed by AsyncHTTPTransport, within the request's origin only.
        configuration.redirectConfiguration = .disallow
        // No read timeout here: AsyncHTTPTransport's own idle and overall deadlines differ
        // per transport and cover redirects too.
        configuration.timeout = .init(connect: connectTimeout, read: nil)
        configuration.decompression = .disabled
        // A refused connection fails the request at once; the retry policy decides what next.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }()
}
