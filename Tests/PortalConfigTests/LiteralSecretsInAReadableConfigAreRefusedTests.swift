import Foundation
@testable import PortalConfig
import Testing

/// A secret written into a file others can read is refused wherever it is written, as a
/// literal `auth` secret always was: a secret-looking header (`Authorization`, `X-API-Key`,
/// …, or a value that starts `Bearer `), and a user or password in `url`, `openapi`,
/// `graphql` or a list's URL. The message names the key and says how to move the secret
/// to `env:` or `command:`; it never holds the value.
@Suite("Literal secrets in a readable config file")
struct LiteralSecretsInAReadableConfigAreRefusedTests {
    static func refusal(_ text: String) -> ConfigError? {
        #expect(throws: ConfigError.self) { try ConfigFile.parse(text, path: "config.toml", othersCanRead: true) }
    }

    @Test func aLiteralAuthorizationHeaderIsRefused() throws {
        let text = "[apis.gh]\nurl = \"https://api.github.com\"\nheaders = { Authorization = \"Bearer ghp_SECRET1\" }\n"
        let error = Self.refusal(text)
        #expect(error?.line == 3)
        #expect(error?.message.contains("apis.gh.headers.Authorization") == true)
        #expect(error?.message.contains("env:") == true)
        #expect(error?.message.contains("command:") == true)
        #expect(error?.description.contains("ghp_SECRET1") == false)
        // The owner's own file may hold it, as it may hold a literal auth secret.
        let private_ = try ConfigFile.parse(text, path: "config.toml", othersCanRead: false)
        #expect(private_.apis.first?.headers["Authorization"] == "Bearer ghp_SECRET1")
    }

    @Test func secretLookingHeadersAreRefusedWhateverTheirName() {
        for header in ["X-API-Key", "\"x-api-key\"", "Api-Key", "apikey", "Private-Token", "X-Auth-Token", "Cookie", "Proxy-Authorization", "X-Client-Secret"] {
            let error = Self.refusal("[apis.a]\nurl = \"http://x\"\nheaders = { \(header) = \"SECRET2\" }\n")
            #expect(error?.description.contains("SECRET2") == false, "\(header)")
        }
        // A value that reads as a credential, under any name.
        let error = Self.refusal("[apis.a]\nurl = \"http://x\"\nheaders = { X-Custom = \"Bearer SECRET3\" }\n")
        #expect(error?.message.contains("apis.a.headers.X-Custom") == true)
    }

    @Test func plainHeadersAndReferencesStayAllowed() throws {
        let text = """
            [apis.a]
            url = "http://x"
            headers = { Accept = "application/json", "X-API-Key" = "env:A_KEY", Authorization = "command:pass show a" }
            """
        let config = try ConfigFile.parse(text, path: "config.toml", othersCanRead: true)
        #expect(config.apis.first?.headers == ["Accept": "application/json", "X-API-Key": "env:A_KEY", "Authorization": "command:pass show a"])
    }

    @Test func aPasswordInAnyURLIsRefused() {
        for (key, line) in [("url", "url = \"http://user:SECRET4@x/api\""), ("openapi", "openapi = \"https://user:SECRET4@x/openapi.json\""),
                            ("graphql", "graphql = \"https://SECRET4@x/graphql\"")] {
            let error = Self.refusal("[apis.a]\n\(line)\n")
            #expect(error?.message.contains("apis.a.\(key)") == true)
            #expect(error?.message.contains("env:") == true)
            #expect(error?.description.contains("SECRET4") == false)
        }
        let list = Self.refusal("[apis.a]\nurl = \"http://x\"\nlists = { b = \"http://u:SECRET4@y/b\" }\n")
        #expect(list?.message.contains("apis.a.lists.b") == true)
    }

    /// A header's value may be a reference, resolved as an auth secret is.
    @Test func aHeaderReferenceIsResolved() async throws {
        let api = SavedAPI(name: "a", url: "http://x/a", headers: ["X-API-Key": "env:A_KEY", "Accept": "application/json"])
        let resolved = try await ResolvedAPI.resolve(api, resolver: SecretResolver(environment: ["A_KEY": "from-env"]))
        #expect(resolved.headers.fields["X-API-Key"] == "from-env")
        #expect(resolved.headers.fields["Accept"] == "application/json")
    }

    /// `portal apis add --header 'Authorization: …'` to a file others can read writes nothing.
    @Test func addingALiteralSecretToAReadableFileWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portal-literal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        let before = "# team file\n[apis.local]\nurl = \"http://127.0.0.1:1/x\"\n"
        try before.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let error = #expect(throws: ConfigError.self) {
            try ConfigAppender.append(name: "gh", url: "https://api.github.com", headers: [("Authorization", "Bearer SECRET5")], to: path)
        }
        #expect(error?.message.contains("env:") == true)
        #expect(error?.description.contains("SECRET5") == false)
        #expect(throws: ConfigError.self) { try ConfigAppender.append(name: "gh", url: "https://u:SECRET5@api.github.com", to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        // A reference is fine.
        try ConfigAppender.append(name: "gh", url: "https://api.github.com", headers: [("Authorization", "env:GH_AUTH")], to: path)
        #expect(try ConfigFile.load(path: path).api(named: "gh")?.headers == ["Authorization": "env:GH_AUTH"])
    }
}
