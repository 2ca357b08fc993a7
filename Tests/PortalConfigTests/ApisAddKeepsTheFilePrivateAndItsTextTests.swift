import Foundation
@testable import PortalConfig
import Testing

/// `portal apis add`: a new file is 0600 in a 0700 folder; an existing file keeps its text.
@Suite("Adding a saved API")
struct ApisAddKeepsTheFilePrivateAndItsTextTests {
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

/// `portal apis add` with a hostile name or value: the name is checked before anything is
/// written (letters, digits, - and _, starting with a letter), and the addition is TOML
/// written by TOMLKit, so no value can close its string and open a table.
@Suite("Adding a saved API cannot inject tables")
struct ConfigAppenderInjectionTests {
    static func file(_ text: String = "# mine\n[apis.local]   # keep me\nurl = \"http://127.0.0.1:1/x\"\n") throws -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portal-inject-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("config.toml").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return (path, folder)
    }

    @Test func aNameHoldingABracketNewlineOrQuoteIsRefused() throws {
        let (path, folder) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let hostile = [
            "x]\n[apis.evil]\nurl = \"http://evil\"\nauth = { bearer = \"command:sh -c id\" }\n[apis.y",
            "a\"b", "a'b", "a b", "a.b", "a]", "a\nb", "", "1abc", "-x",
        ]
        for name in hostile {
            let error = #expect(throws: ConfigError.self) { try ConfigAppender.append(name: name, url: "http://127.0.0.1:2/x", to: path) }
            #expect(error?.message.contains("letters, digits, - and _") == true, "\(name)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    @Test func valuesAreWrittenByTheTOMLLibraryAndReadBackExactly() throws {
        let (path, folder) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let url = "http://127.0.0.1:2/x\"\n[apis.evil]\nauth = { bearer = \"command:id\" }\n#"
        let header = (name: "X-Odd\"]\n[apis.evil2]", value: "v\"\n[apis.evil3]\\")
        try ConfigAppender.append(name: "ok_name-2", url: url, headers: [header], bearerVariable: "TOK\"]", to: path)
        let after = try String(contentsOfFile: path, encoding: .utf8)
        #expect(after.hasPrefix(before))
        let config = try ConfigFile.load(path: path)
        #expect(config.apis.map(\.name) == ["local", "ok_name-2"])
        let added = try #require(config.api(named: "ok_name-2"))
        #expect(added.url == url)
        #expect(added.headers == [header.name: header.value])
        #expect(added.auth == .bearer(.environment("TOK\"]")))
    }
}
