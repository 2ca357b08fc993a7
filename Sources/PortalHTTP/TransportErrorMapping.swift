import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import PortalCore

/// Turns what async-http-client and NIO throw into the `TransportError` the rest of
/// portal knows (the retry policy tells `cannotConnect` from a timeout, for one).
enum TransportErrorMapping {
    static func map(_ error: any Error, origin: Origin, configuration: AsyncHTTPTransport.Configuration) -> TransportError {
        let place = origin.description
        switch error {
        case let error as TransportError:
            return error
        case is CancellationError:
            return .cancelled
        case let error as NIOConnectionError:
            return error.connectionErrors.isEmpty ? .cannotConnect("no address for \(place)") : .cannotConnect("\(place) refused the connection")
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            return .cannotConnect("\(place) refused the connection")
        case ChannelError.connectTimeout:
            return .cannotConnect("\(place) did not accept a connection")
        case let error as HTTPClientError:
            switch error {
            case .cancelled: return .cancelled
            case .connectTimeout: return .cannotConnect("\(place) did not accept a connection within \(HTTPClientPool.connectTimeout.nanoseconds / 1_000_000_000) s")
            case .readTimeout: return .timedOut(.idle(seconds: configuration.idleTimeout))
            case .deadlineExceeded: return .timedOut(.overall(seconds: configuration.overallTimeout))
            case .remoteConnectionClosed: return .connectionFailed("the server closed the connection")
            case .invalidURL, .emptyHost, .emptyScheme: return .notServed(place)
            default: return .connectionFailed(String(describing: error))
            }
        default:
            return .connectionFailed(String(describing: error))
        }
    }
}
