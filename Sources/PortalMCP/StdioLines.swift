import Foundation
import Logging
import MCP

/// The server's stdio as the SDK's `Transport`: newline-delimited JSON-RPC messages read
/// from stdin by blocking reads on a thread of their own, each line yielded to the
/// server's stream, and messages written to stdout whole. The SDK's own `StdioTransport`
/// puts stdin in non-blocking mode and polls it every 10 ms: an idle `portal mcp` woke 200
/// times a second and spent about 1 % of a core waiting for nothing. This one sleeps in
/// `read(2)` until the client writes.
actor StdioLines: Transport {
    nonisolated let logger = Logger(label: "portal.mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })
    private let input: Int32
    private let output: Int32
    private let stream: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private var reader: Thread?

    /// The longest message read: a line past it is dropped whole (a client never sends one;
    /// a broken one must not grow the buffer without end).
    static let longestLine = 16 * 1_048_576

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
        (stream, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard reader == nil else { return }
        let (input, continuation) = (self.input, self.continuation)
        let thread = Thread { Self.readLines(from: input, into: continuation) }
        thread.name = "portal-mcp-stdin"
        reader = thread
        thread.start()
    }

    func disconnect() async {
        continuation.finish()
    }

    func send(_ data: Data) async throws {
        var message = data
        message.append(UInt8(ascii: "\n"))
        try message.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            // Never empty: it ends with the line feed.
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = write(output, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
                }
                offset += written
            }
        }
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { stream }

    /// Blocking reads until end of file: each complete line (not empty) is one message.
    private static func readLines(from input: Int32, into continuation: AsyncThrowingStream<Data, any Error>.Continuation) {
        var pending = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var dropping = false
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            pending.append(contentsOf: chunk[..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[pending.index(after: newline)...])
                if dropping { dropping = false; continue }
                if !line.isEmpty { continuation.yield(Data(line)) }
            }
            if pending.count > longestLine {
                pending = Data()
                dropping = true
            }
        }
        continuation.finish()
    }
}
