import Foundation

/// The client's half of the RFC 6455 opening handshake (§4.1), written out by hand because
/// portal's WebSocket client speaks it over a raw connection (`CurlWebSocketConnector`):
/// the GET with `Upgrade: websocket`, a random `Sec-WebSocket-Key`, the subprotocols and
/// the request's own headers (no `Origin`: portal is not a browser), and the check of the
/// answer — 101, `Upgrade`, `Connection` and the `Sec-WebSocket-Accept` the key implies.
public struct WebSocketHandshake: Sendable {
    /// The most the answer's head may take; a longer one is not a WebSocket server's.
    public static let maxHeadBytes = 16 * 1024
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// Headers the handshake writes itself; the request's own are not sent twice.
    private static let ownHeaders: Set<String> = [
        "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol",
        "sec-websocket-extensions", "content-length", "transfer-encoding",
    ]

    public let key: String

    public init(key: String? = nil) {
        var random = SystemRandomNumberGenerator()
        self.key = key ?? Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &random) }).base64EncodedString()
    }

    /// What the server must answer in `Sec-WebSocket-Accept` for `key`.
    public static func accept(for key: String) -> String {
        Data(SHA1.digest(Array((key + guid).utf8))).base64EncodedString()
    }

    /// The request's head for `url` (ws or wss); `invalidRequest` for a header that cannot be sent.
    public func request(url: URL, headers: [String: String], subprotocols: [String]) throws(TransportError) -> [UInt8] {
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = parts.percentEncodedHost, !host.isEmpty else {
            throw .invalidRequest("the WebSocket URL has no host")
        }
        let secure = parts.scheme?.lowercased() == "wss"
        var authority = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        if let port = parts.port, port != (secure ? 443 : 80) { authority += ":\(port)" }
        var target = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        if let query = parts.percentEncodedQuery { target += "?" + query }
        var lines = ["GET \(target) HTTP/1.1", "Host: \(authority)", "Upgrade: websocket", "Connection: Upgrade",
                     "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13"]
        if !subprotocols.isEmpty { lines.append("Sec-WebSocket-Protocol: " + subprotocols.joined(separator: ", ")) }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where !Self.ownHeaders.contains(name.lowercased()) {
            guard Self.isToken(name), Self.isFieldValue(value) else { throw .invalidRequest("the header \(Sanitize.line(name)) cannot be sent") }
            lines.append("\(name): \(value)")
        }
        guard lines.allSatisfy({ Self.isFieldValue($0) }) else { throw .invalidRequest("the WebSocket URL cannot be sent") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// Where the answer's head ends in `bytes` (the index past its blank line), nil until it came.
    public static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }

    /// Checks the server's answer head: anything but a 101 is a refused upgrade; a 101
    /// that does not prove it read the key (or picks a subprotocol not offered) is malformed.
    public func check(head: [UInt8], subprotocols: [String]) throws(TransportError) {
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let status = lines.first?.split(separator: " ", omittingEmptySubsequences: true) ?? []
        guard status.count >= 2, status[0].hasPrefix("HTTP/1."), status[1] == "101" else {
            throw .connectionFailed("the server did not accept the WebSocket upgrade")
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields[name] = fields[name].map { $0 + ", " + value } ?? value
        }
        func tokens(_ name: String) -> [String] {
            (fields[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        }
        guard tokens("upgrade").contains("websocket"), tokens("connection").contains("upgrade") else {
            throw .malformedAnswer("the server's 101 does not upgrade to websocket")
        }
        guard fields["sec-websocket-accept"] == Self.accept(for: key) else {
            throw .malformedAnswer("the server's Sec-WebSocket-Accept does not match the key")
        }
        if let chosen = fields["sec-websocket-protocol"], !subprotocols.contains(chosen) {
            throw .malformedAnswer("the server chose a subprotocol portal did not offer")
        }
        guard fields["sec-websocket-extensions"] == nil else {
            throw .malformedAnswer("the server chose an extension portal did not offer")
        }
    }

    /// `check` as a value: nil when the answer is a good upgrade.
    public func checked(head: [UInt8], subprotocols: [String]) -> TransportError? {
        do throws(TransportError) {
            try check(head: head, subprotocols: subprotocols)
            return nil
        } catch {
            return error
        }
    }

    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private static func isFieldValue(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { $0 == "\t" || !Sanitize.isControl($0) }
    }
}
