import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import PortalCore

/// Turns what async-http-client and NIO throw into the `TransportError` the rest of
/// portal knows (the retry policy tells `cannotConnect` from a timeout, for one).
///
/// The text of a library error is never passed on as it is: `HTTPClientError`'s
/// description quotes the request's header values (`invalidHeaderFieldValues(["Bearer
/// s3cr3t\n…"])`), and a message reaches the status line, the trace and stderr. What is
/// kept is the library's `shortDescription` (which by its contract holds no associated
/// value), an errno's text, or the error's type name.
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
            default:
                // A header the client refuses is the request's own fault: never retried.
                if error.shortDescription.hasPrefix("Invalid header field") {
                    return .invalidRequest("a request header holds characters HTTP does not allow")
                }
                return .connectionFailed(error.shortDescription)
            }
        case let error as HTTPParserError:
            return .malformedAnswer(malformedReason(error))
        case let error as IOError:
            return .connectionFailed(String(cString: strerror(error.errnoCode)))
        default:
            return .connectionFailed(safeDescription(of: error))
        }
    }

    /// What the HTTP parser refused, in words (the parser's own text can quote nothing,
    /// but its case names are not for people).
    static func malformedReason(_ error: HTTPParserError) -> String {
        switch error {
        case .headerOverflow: "a header section larger than portal reads (80 KiB)"
        case .invalidHeaderToken, .invalidConstant: "a header with characters HTTP does not allow"
        case .invalidStatus: "no valid HTTP status line"
        case .invalidContentLength, .unexpectedContentLength: "a Content-Length that does not fit the body"
        case .invalidChunkSize: "a chunked body that is broken"
        case .invalidVersion: "not HTTP/1.x"
        default: "not HTTP portal can read"
        }
    }

    /// What may be said of an error portal does not know: its type's name only.
    static func safeDescription(of error: any Error) -> String {
        "\(type(of: error))"
    }
}
