import Foundation
import PortalCore
import PortalCurl
@testable import PortalWebSocket
import Testing

/// wss end to end: `LibWebSocketsConnector` speaks TLS to a real TLS WebSocket server
/// (Python's `websockets`, from the venv `make venv` makes) whose certificate a CA made
/// here signed. Trusted (the CA handed over as `trustedCertificates`), messages go both ways;
/// not trusted (the system's store alone), or trusted but for another name, the connect is
/// refused with OpenSSL's reason in the note.
@Suite(.serialized, .timeLimit(.minutes(1))) struct LibWebSocketsTLSTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python = root.appendingPathComponent(".build/venv/bin/python").path

    /// An echo server on 127.0.0.1, TLS with `cert`/`key`, graphql-transport-ws offered.
    static let server = """
    import asyncio, ssl, sys
    from websockets.asyncio.server import serve
    async def echo(ws):
        async for message in ws:
            await ws.send(message)
    async def main():
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        async with serve(echo, "127.0.0.1", 0, ssl=context, subprotocols=["graphql-transport-ws"]) as server:
            print(server.sockets[0].getsockname()[1], flush=True)
            await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    asyncio.run(main())
    """

    /// A CA, and a server certificate it signed for the address 127.0.0.1 only.
    static func certificates(in folder: URL) throws {
        let steps = [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=portal test CA"],
            ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
            ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem",
             "-days", "2", "-extfile", "san.cnf"],
        ]
        try Data("subjectAltName=IP:127.0.0.1\n".utf8).write(to: folder.appendingPathComponent("san.cnf"))
        for arguments in steps {
            let openssl = Process()
            openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            openssl.arguments = arguments
            openssl.currentDirectoryURL = folder
            openssl.standardError = FileHandle.nullDevice
            openssl.standardOutput = FileHandle.nullDevice
            try openssl.run()
            openssl.waitUntilExit()
            try #require(openssl.terminationStatus == 0, "openssl \(arguments[0]) failed")
        }
    }

    /// Runs `body` with the server's port and the CA's file; the server ends with it.
    static func withServer(_ body: (Int, String) async throws -> Void) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: python), "no .build/venv/bin/python: run make venv (make test does)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portal-wss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await offThePool { try certificates(in: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", server, folder.appendingPathComponent("server.pem").path, folder.appendingPathComponent("server.key").path]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.terminate()
            process.waitUntilExit()
        }
        let line = await offThePool { () -> String in
            var bytes: [UInt8] = []
            while let byte = try? output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 { bytes.append(first) }
            return String(decoding: bytes, as: UTF8.self)
        }
        let port = try #require(Int(line), "the server said \(line)")
        try await body(port, folder.appendingPathComponent("ca.pem").path)
    }

    @Test func wssGoesThroughTLSToARealServer() async throws {
        try await Self.withServer { port, ca in
            let connector = LibWebSocketsConnector(proxies: ProxyEnvironment([:]), trustedCertificates: ca)
            let url = try #require(URL(string: "wss://127.0.0.1:\(port)/graphql"))
            let socket = try await connector.connect(WebSocketRequest(url: url, subprotocols: ["graphql-transport-ws"]))
            try await socket.send(.text("hello ✓"))
            #expect(try await socket.receive() == .message(.text("hello ✓")))
            let big = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
            try await socket.send(.binary(big))
            #expect(try await socket.receive() == .message(.binary(big)))
            await socket.close(code: 1000, reason: "done")
            #expect(try await socket.receive() == .closed(code: 1000, reason: "done"))
        }
    }

    @Test func aCertificateNotTrustedOrForAnotherNameIsRefused() async throws {
        try await Self.withServer { port, ca in
            let untrusted = LibWebSocketsConnector(proxies: ProxyEnvironment([:]))
            await #expect(throws: TransportError.connectionFailed("the TLS certificate of https://127.0.0.1:\(port) was refused: unable to get local issuer certificate")) {
                _ = try await untrusted.connect(WebSocketRequest(url: try #require(URL(string: "wss://127.0.0.1:\(port)/"))))
            }
            let trusted = LibWebSocketsConnector(proxies: ProxyEnvironment([:]), trustedCertificates: ca)
            await #expect(throws: TransportError.connectionFailed("the TLS certificate of https://localhost:\(port) was refused: hostname mismatch")) {
                _ = try await trusted.connect(WebSocketRequest(url: try #require(URL(string: "wss://localhost:\(port)/"))))
            }
        }
    }
}

/// Runs blocking work (a child process, a pipe) on a thread of its own, not the pool's.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
