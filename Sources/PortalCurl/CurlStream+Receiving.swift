import CCurl
import Foundation
import PortalCore

/// What comes in on a stream's thread, from curl's callbacks: the head's lines (the head
/// handed to the opener when it ends) and the body's chunks (handed to the reader, or
/// held, or refused for now when the reader is behind).
extension CurlStream {
    /// One header line; false stops the transfer.
    func receivedHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now
        var line = bytes[...]
        while let last = line.last, last == 0x0A || last == 0x0D { line = line.dropLast() }
        headBytes += bytes.count
        if line.starts(with: Array("HTTP/".utf8)) {
            headLines = []
            headBytes = bytes.count
            status = Int(String(decoding: line, as: UTF8.self).split(separator: " ").dropFirst().first ?? "") ?? 0
            return true
        }
        guard headBytes <= limits.maxHeaderBytes else {
            stopped = .malformedAnswer("a header section larger than portal reads (\(limits.maxHeaderBytes / 1024) KiB)")
            return false
        }
        guard !line.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
            stopped = .malformedAnswer("a header with characters HTTP does not allow")
            return false
        }
        if !line.isEmpty {
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { return true }
            headLines.append((text[..<colon].lowercased(), text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            return true
        }
        // The head ends; a 1xx is followed by the real one.
        guard status >= 200 else { return true }
        var headers: [String: String] = [:]
        for (name, value) in headLines { headers[name] = headers[name].map { $0 + ", " + value } ?? value }
        let waiting = shared.withLock { shared in
            defer { shared.head = nil }
            return shared.head
        }
        waiting?.resume(returning: (status, headers))
        return true
    }

    /// One chunk of the body: `CURL_WRITEFUNC_PAUSE` when the reader is behind (curl
    /// hands the same chunk again once resumed).
    func receivedBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        lastActivity = .now
        let chunk = [UInt8](bytes)
        let (pause, reader): (Bool, CheckedContinuation<[UInt8]?, any Error>?) = shared.withLock { shared in
            if shared.closed { return (false, nil) }
            if let reader = shared.reader {
                shared.reader = nil
                return (false, reader)
            }
            guard shared.buffered + chunk.count <= limits.maxBufferedBytes || shared.chunks.isEmpty else {
                shared.paused = true
                return (true, nil)
            }
            shared.chunks.append(chunk)
            shared.buffered += chunk.count
            return (false, nil)
        }
        if pause { return Int(CURL_WRITEFUNC_PAUSE) }
        reader?.resume(returning: chunk)
        return bytes.count
    }
}
