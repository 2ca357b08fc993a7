import Foundation
@testable import PortalConfig
import Testing

/// `portal apis add`: a new file is 0600 in a 0700 folder; an existing file keeps its text.
@Suite("Adding a saved API")
struct ConfigAppenderTests {
    @Test func createsThePrivateFileAndKeepsOtherEntriesText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portal-add-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("portal/config.toml").path
        try ConfigAppender.append(name: "gh", url: "https://api.github.com", headers: [("Accept", "a\"b")], bearerVariable: "GITHUB_TOKEN", to: path)
        let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("portal").path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
        let handWritten = "# mine\n[apis.local]   # keep me\nurl = \"http://127.0.0.1:1/x\"\n"
        let before = try String(contentsOfFile: path, encoding: .utf8)
        try (before + handWritten).write(toFile: path, atomically: false, encoding: .utf8)
        try ConfigAppender.append(name: "shop", url: "http://127.0.0.1:2/orders", to: path)
        let after = try String(contentsOfFile: path, encoding: .utf8)
        #expect(after.hasPrefix(before + handWritten))
        let config = try ConfigFile.load(path: path)
        #expect(config.apis.map(\.name) == ["gh", "local", "shop"])
        #expect(config.api(named: "gh")?.headers == ["Accept": "a\"b"])
        #expect(config.api(named: "gh")?.auth == .bearer(.environment("GITHUB_TOKEN")))
        #expect(throws: ConfigError.self) { try ConfigAppender.append(name: "shop", url: "http://x", to: path) }
        #expect(throws: ConfigError.self) { try ConfigAppender.append(name: "characters", url: "http://x", to: path) }
    }
}
