import Foundation
@testable import PortalConfig
import Testing

/// The config file of saved APIs: every key of the issue read, secrets only by reference in
/// a file others can read, and a bad file reported with its line.
@Suite("The config file")
struct TheConfigFileReadsEveryKeyAndNamesBadLinesTests {
    static let example = """
        [apis.gh]
        url = "https://api.github.com"
        headers = { Accept = "application/vnd.github+json" }
        auth = { bearer = "env:GITHUB_TOKEN" }
        lists = { pulls = "/repos/apple/swift/pulls", issues = "/repos/apple/swift/issues" }

        [apis.shop]
        openapi = "https://shop.example.com/openapi.json"
        auth = { oauth2 = { token_url = "https://shop.example.com/oauth/token", client_id = "cli", client_secret = "command:pass show 'shop key'" } }

        [apis.rm]
        kind = "rickandmorty"
        url = "http://127.0.0.1:9/api/"
        page_size = 20
        pictures_origin = "same"
        [apis.rm.lists.people]
        path = "character"
        items = "results"
        paging = "next-url"
        fields = ["name", "status"]
        """

    @Test func readsEveryKeyOfTheExample() throws {
        let config = try ConfigFile.parse(Self.example, path: "config.toml", othersCanRead: true)
        #expect(config.apis.map(\.name) == ["gh", "shop", "rm"])
        let gh = try #require(config.api(named: "gh"))
        #expect(gh.headers == ["Accept": "application/vnd.github+json"])
        #expect(gh.auth == .bearer(.environment("GITHUB_TOKEN")))
        // In the file's order, not TOML's sorted one.
        #expect(gh.lists.map(\.name) == ["pulls", "issues"])
        #expect(gh.lists.map { gh.url(of: $0) } == ["https://api.github.com/repos/apple/swift/pulls", "https://api.github.com/repos/apple/swift/issues"])
        let shop = try #require(config.api(named: "shop"))
        #expect(shop.openapi == "https://shop.example.com/openapi.json")
        #expect(shop.auth == .oauth2(OAuth2ClientCredentials(
            tokenURL: "https://shop.example.com/oauth/token", clientID: "cli", clientSecret: .command(["pass", "show", "shop key"]))))
        let rm = try #require(config.api(named: "rm"))
        #expect(rm.kind == "rickandmorty")
        #expect(rm.pageSize == 20)
        #expect(rm.picturesOrigin == "same")
        #expect(rm.lists == [SavedList(name: "people", path: "character", items: "results", paging: "next-url", fields: ["name", "status"])])
        #expect(rm.url(of: rm.lists[0]) == "http://127.0.0.1:9/api/character")
    }

    @Test func eachAuthKind() throws {
        let text = """
            [apis.a]
            url = "http://x/a"
            auth = { basic = "file:~/basic" }
            [apis.b]
            url = "http://x/b"
            auth = { header = { name = "X-Key", value = "env:KEY" } }
            [apis.c]
            url = "http://x/c"
            auth = { supabase = { email = "me@example.com", password = "env:PW", key = "env:ANON" } }
            """
        let config = try ConfigFile.parse(text, path: "c", othersCanRead: true)
        #expect(config.apis.map(\.auth) == [
            .basic(.file("~/basic")), .header(name: "X-Key", value: .environment("KEY")),
            .supabase(email: "me@example.com", password: .environment("PW"), key: .environment("ANON")),
        ])
    }

    @Test func aLiteralSecretIsRefusedOnlyInAFileOthersCanRead() throws {
        let text = """
            [apis.gh]
            url = "https://api.github.com"

            auth = { bearer = "ghp_literal" }
            """
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(text, path: "config.toml", othersCanRead: true) }
        #expect(error?.line == 4)
        #expect(error?.message.contains("apis.gh.auth.bearer") == true)
        #expect(error?.description.contains("ghp_literal") == false)
        let private_ = try ConfigFile.parse(text, path: "config.toml", othersCanRead: false)
        #expect(private_.apis.first?.auth == .bearer(.literal("ghp_literal")))
    }

    @Test func theFileModeDecidesWhetherOthersCanRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portal-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        try "[apis.gh]\nurl = \"http://x\"\nauth = { bearer = \"tok\" }\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(throws: ConfigError.self) { try ConfigFile.load(path: path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try ConfigFile.load(path: path).apis.count == 1)
    }

    @Test func badTOMLIsReportedWithItsLine() {
        let text = "[apis.gh]\nurl = \"https://api.github.com\"\nheaders = { Accept = }\n"
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(text, path: "config.toml", othersCanRead: false) }
        #expect(error?.line == 3)
        #expect(error?.description.hasPrefix("config.toml:3:") == true)
    }

    @Test func anUnknownKeyIsReportedWithItsLine() {
        let text = "[apis.gh]\nurl = \"https://api.github.com\"\n\nauthorization = \"x\"\n"
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(text, path: "config.toml", othersCanRead: false) }
        #expect(error?.line == 4)
        #expect(error?.message.contains("authorization") == true)
    }

    @Test func aNameThatClashesWithABuiltInIsRefused() {
        for name in ["characters", "pokemon", "list", "apis", "mcp", "open"] {
            let text = "# saved\n[apis.\(name)]\nurl = \"http://x\"\n"
            let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(text, path: "config.toml", othersCanRead: false) }
            #expect(error?.line == 2)
            #expect(error?.message.contains("clashes") == true)
        }
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(ConfigFile.path(explicit: nil, environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/portal/config.toml")
        #expect(ConfigFile.path(explicit: nil, environment: ["HOME": "/h"]) == "/h/.config/portal/config.toml")
        #expect(ConfigFile.path(explicit: "/c.toml", environment: ["HOME": "/h"]) == "/c.toml")
    }

    @Test func aMissingFileIsAnEmptyConfig() throws {
        #expect(try ConfigFile.load(path: "/nonexistent/portal/config.toml").apis.isEmpty)
    }
}
