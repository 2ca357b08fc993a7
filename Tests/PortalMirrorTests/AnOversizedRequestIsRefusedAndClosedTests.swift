import Foundation
import PortalCore
import PortalTestSupport
@testable import PortalMirror
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A raw TCP client on loopback, for requests no HTTP client would send. Every call is
/// bounded by the socket's send and receive timeouts; a send to a closed peer reports an
/// error instead of raising SIGPIPE. Its calls block: run them with `offThePool`, since
/// the mirror under test answers on the same process's cooperative pool.
final class RawConnection: Sendable {
    private let socketDescriptor: Int32

    init(port: Int, timeoutSeconds: Int) throws {
        socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw TestFailure("socket() failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socketDescriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socketDescriptor)
            throw TestFailure("cannot connect to 127.0.0.1:\(port)")
        }
    }

    deinit { close(socketDescriptor) }

    /// Sends what it can of `bytes`; false once the peer has gone (reset or closed).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socketDescriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 { return errno == EINTR }
            offset += sent
        }
        return true
    }

    /// Reads until the peer closes its side (true) or the receive timeout passes (false).
    func readUntilClosed() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socketDescriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { continue }
            if count == 0 { return true }  // FIN
            if errno == EINTR { continue }
            return errno == ECONNRESET  // reset: closed too; EAGAIN: the timeout passed
        }
    }
}

/// Runs blocking work on a thread of its own, so that it cannot starve the cooperative
/// pool (two threads on two cores) that the in-process mirror needs to answer.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// A request with a header or a path of 1 MB is refused, and its connection is closed
/// completely: not left half-closed (the server's socket in FIN-WAIT-2, waiting for a
/// client that may never close).
@Suite struct AnOversizedRequestIsRefusedAndClosedTests {
    @Test(arguments: ["header", "path"])
    func aOneMegabyteRequestIsClosedCompletely(part: String) async throws {
        try await Mirror.with { mirror in
            let megabyte = String(repeating: "a", count: 1 << 20)
            let request = part == "header"
                ? "GET /api/character HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: \(megabyte)\r\n\r\n"
                : "GET /api/character/\(megabyte) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            // Generous: the whole suite shares two pool threads with this in-process mirror.
            let connection = try RawConnection(port: mirror.port, timeoutSeconds: 30)
            // The send may fail part-way once the server has closed.
            _ = await offThePool { connection.send(Array(request.utf8)) }
            #expect(await offThePool { connection.readUntilClosed() }, "the server never closed its side")
            // Half-closed, the server's socket would still take bytes; closed, the first
            // byte is answered with a reset and the next send fails. Bounded by attempts.
            var refused = false
            for _ in 0..<100 where !refused {
                refused = !connection.send(Array("more".utf8))
                if !refused { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(refused, "the server still holds the connection half-open")
        }
    }
}
