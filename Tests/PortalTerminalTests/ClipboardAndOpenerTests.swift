import Foundation
import Testing
@testable import PortalTerminal

/// The terminal layer's own effects: the OSC 52 bytes for the clipboard, the opener's
/// argv (never a shell) and the process it starts, and poll()'s timeout for the watch.
@Suite struct ClipboardAndOpenerTests {
    @Test func osc52IsBase64BetweenItsFixedBytes() {
        #expect(ClipboardSequence.osc52(Data(#"{"a":1}"#.utf8)) == Array("\u{1B}]52;c;eyJhIjoxfQ==\u{07}".utf8))
        // Whatever the server sent, escapes and all, only base64 reaches the terminal.
        let hostile = Data("\u{1B}]0;pwned\u{07}\u{9B}31m".utf8)
        let bytes = ClipboardSequence.osc52(hostile)
        let payload = bytes.dropFirst(ClipboardSequence.start.count).dropLast()
        #expect(payload.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
        #expect(Data(base64Encoded: Data(payload)) == hostile)
        #expect(bytes.filter { $0 == 0x1B }.count == 1 && bytes.last == 0x07)
    }

    @Test func theOpenersArgvComesFromBrowserOrXdgOpen() throws {
        let url = try #require(URL(string: "https://example.com/a?b=c&d=e"))
        #expect(PageOpener.arguments(for: url, browser: nil) == ["xdg-open", url.absoluteString])
        #expect(PageOpener.arguments(for: url, browser: "") == ["xdg-open", url.absoluteString])
        #expect(PageOpener.arguments(for: url, browser: "firefox --new-window") == ["firefox", "--new-window", url.absoluteString])
        #expect(PageOpener.arguments(for: url, browser: "chromium:firefox") == ["chromium", url.absoluteString])
        #expect(PageOpener.arguments(for: url, browser: "open-it --url=%s --quiet") == ["open-it", "--url=\(url.absoluteString)", "--quiet"])
    }

    @Test func theOpenerRunsWithoutAShellAndOnlyForHTTP() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("opener-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("record")
        let record = folder.appendingPathComponent("argv").path
        try "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$1\" > '\(record).tmp' && mv '\(record).tmp' '\(record)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        // A shell would run `touch`; as one argv word it is only text.
        let url = try #require(URL(string: "https://example.com/a;touch%20\(folder.path)/ran?x='1'"))
        #expect(PageOpener.open(url, browser: script.path))
        var text = ""
        for _ in 0..<200 where text.isEmpty {
            text = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            if text.isEmpty { Thread.sleep(forTimeInterval: 0.025) }
        }
        #expect(text == "1\n\(url.absoluteString)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("ran").path))
        #expect(!PageOpener.open(try #require(URL(string: "file:///etc/passwd")), browser: script.path))
    }
}
