import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A one-purpose HTTP server on 127.0.0.1 for transport tests: each connection gets the
/// bytes `respond` returns for the request head, then is closed. It serves on its own
/// thread until `stop()`.
final class LoopbackServer {
    let port: UInt16
    private let listener: Int32
    private var stopped = false

    /// `respond` gets the request head and returns raw bytes to write (nil: close without answering,
    /// `.hang`: keep the connection open and silent).
    enum Answer { case bytes([UInt8]), drop, hang, stream(head: String, chunk: [UInt8], count: Int) }

    init(respond: @escaping @Sendable (String) -> Answer) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &len) }
        }
        port = UInt16(bigEndian: addr.sin_port)
        let fd = listener
        Thread.detachNewThread {
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { return }
                Thread.detachNewThread { Self.serve(client, respond) }
            }
        }
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    func stop() {
        guard !stopped else { return }
        stopped = true
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private static func serve(_ client: Int32, _ respond: (String) -> Answer) {
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { close(client); return }
            head.append(contentsOf: buffer[0..<n])
        }
        switch respond(String(decoding: head, as: UTF8.self)) {
        case .bytes(let bytes): writeAll(client, bytes)
        case .drop: break
        case .hang: sleep(5)
        case .stream(let head, let chunk, let count):
            writeAll(client, Array(head.utf8))
            for _ in 0..<count where writeAll(client, chunk) {}
        }
        close(client)
    }

    @discardableResult
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    static func response(_ status: String, headers: [String: String] = [:], body: String) -> Answer {
        var text = "HTTP/1.1 \(status)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
        for (k, v) in headers { text += "\(k): \(v)\r\n" }
        return .bytes(Array((text + "\r\n" + body).utf8))
    }
}
