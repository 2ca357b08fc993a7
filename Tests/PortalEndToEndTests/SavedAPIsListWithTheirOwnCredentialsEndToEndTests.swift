import Foundation
import PortalMirror
import Testing

/// Saved APIs end to end, the binary spawned against an in-process mirror: a saved API
/// whose key is an `env:` secret lists through `--require-key` with the key in no output
/// and no file; an OAuth2 saved API renews its 2-second token mid-list; the bash
/// completion script completes saved names and their lists.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct SavedAPIsListWithTheirOwnCredentialsEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    /// What a saved-API test runs against: a mirror of the snapshot and a scratch folder
    /// holding the `config.toml` written for it.
    struct SavedSetup {
        let origin: String
        let folder: String
        var config: String { folder + "/config.toml" }

        /// `portal ARGUMENTS --config FILE` with `environment` over the test's own.
        func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Spawn.Result {
            try await SavedAPIsListWithTheirOwnCredentialsEndToEndTests.run(arguments + ["--config", config], environment: environment)
        }
    }

    /// Runs `body` against a mirror of the snapshot (`change` sets its options; port, log and
    /// data are filled in) and a scratch folder whose `config.toml` (0600) is `config` of the
    /// mirror's origin; both are gone after.
    static func withSavedAPIs(_ data: String, mirror change: (inout MirrorOptions) -> Void = { _ in }, config: (String) -> String,
                              _ body: (SavedSetup) async throws -> Void) async throws {
        var options = MirrorOptions()
        options.port = 0
        options.log = .none
        options.dataFolder = data
        change(&options)
        let mirror = try await MirrorServer.start(options)
        let setup: SavedSetup
        do {
            setup = SavedSetup(origin: mirror.origin, folder: try folder(config: config(mirror.origin)))
        } catch {
            await mirror.stop()
            throw error
        }
        defer { try? FileManager.default.removeItem(atPath: setup.folder) }
        do {
            try await body(setup)
        } catch {
            await mirror.stop()
            throw error
        }
        await mirror.stop()
    }

    /// A scratch folder holding `config.toml` (0600) with `text`.
    static func folder(config text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("saved-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/config.toml", contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        return folder
    }

    static func run(_ arguments: [String], environment extra: [String: String]) async throws -> Spawn.Result {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "PORTAL_API_KEY")
        for (name, value) in extra { environment[name] = value }
        let binary = EndToEndEnvironment.portal ?? "portal"
        let env = environment
        return try await offThePool { try Spawn.run(binary, arguments, environment: env, scratch: FileManager.default.temporaryDirectory) }
    }

    /// The bytes of every file under `folder`.
    static func bytes(under folder: String) -> Data {
        var out = Data()
        for name in FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }) ?? [] {
            out += FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
        }
        return out
    }

    @Test func anEnvSecretListsThroughRequireKeyAndIsInNoOutputAndNoFile() async throws {
        let key = "saved-key-\(UInt32.random(in: 0...UInt32.max))"
        try await Self.withSavedAPIs(data, mirror: { $0.requireKey = key }, config: { origin in """
            [apis.db]
            url = "\(origin)/rest/v1"
            auth = { bearer = "env:DB_KEY" }
            lists = { people = "/characters?order=id", episodes = { path = "/episodes?order=id", fields = ["name", "episode"] } }
            """ }) { saved in
            let trace = saved.folder + "/trace.jsonl"
            let cache = saved.folder + "/cache"
            let listed = try await saved.run(["list", "db", "people", "--trace", trace, "--cache-dir", cache], environment: ["DB_KEY": key])
            #expect(listed.status == 0, "\(listed.stderr)")
            let ids = listed.stdout.split(separator: "\n").compactMap { Int($0.split(separator: " ").first ?? "") }
            #expect(ids == Array(1...826))
            let json = try await saved.run(["list", "db", "episodes", "--json", "--cache-dir", cache], environment: ["DB_KEY": key])
            #expect(json.status == 0 && json.stdout.split(separator: "\n").count == 51, "\(json.stderr)")
            // Without the variable: one line naming the key, exit 1, nothing asked.
            let unset = try await saved.run(["list", "db", "people", "--no-cache"])
            #expect(unset.status == 1 && unset.stderr == "portal: apis.db.auth.bearer: the environment variable DB_KEY is not set\n")
            let traced = try String(contentsOfFile: trace, encoding: .utf8)
            #expect(traced.contains("/rest/v1/characters"))
            let files = Self.bytes(under: saved.folder)
            #expect(!files.isEmpty)
            for text in [listed.stdout, listed.stderr, json.stdout, json.stderr, unset.stderr, traced] { #expect(!text.contains(key)) }
            #expect(files.range(of: Data(key.utf8)) == nil, "the key is in a file under \(saved.folder)")
        }
    }

    /// `PORTAL_API_KEY` is for the API on the command line: a saved API names its own
    /// credentials, and the variable's key never goes to its server.
    @Test func theKeyVariableIsNotSentToASavedAPI() async throws {
        let key = "variable-key-\(UInt32.random(in: 0...UInt32.max))"
        try await Self.withSavedAPIs(data, mirror: { $0.requireKey = key }, config: { origin in """
            [apis.db]
            url = "\(origin)/rest/v1"
            lists = { people = "/characters?order=id" }
            """ }) { saved in
            let listed = try await saved.run(["list", "db", "people", "--no-cache"], environment: ["PORTAL_API_KEY": key])
            #expect(listed.status == 1 && listed.stderr.contains("401"), "status \(listed.status): \(listed.stderr)")
            #expect(listed.stdout.isEmpty)
            // The same list on the command line does send it.
            let direct = try await Self.run(["list", "--url", saved.origin + "/rest/v1/characters?order=id", "--no-cache"],
                                            environment: ["PORTAL_API_KEY": key])
            #expect(direct.status == 0, "\(direct.stderr)")
        }
    }

    @Test func anOAuth2SavedAPIRenewsItsTwoSecondTokenMidList() async throws {
        let secret = "client-secret-\(UInt32.random(in: 0...UInt32.max))"
        try await Self.withSavedAPIs(data, mirror: { options in
            options.oauthClients = [.init(id: "cli", secret: secret)]
            options.tokenTTL = 2
            // 42 pages of at least 100 ms: the list outlives its first token.
            options.faults.latencyMS = 100
        }, config: { origin in """
            [apis.rm]
            url = "\(origin)/api"
            auth = { oauth2 = { token_url = "\(origin)/oauth/token", client_id = "cli", client_secret = "env:RM_SECRET" } }
            lists = { people = "/character" }
            """ }) { saved in
            let trace = saved.folder + "/trace.jsonl"
            let listed = try await saved.run(["list", "rm", "--trace", trace, "--cache-dir", saved.folder + "/cache"], environment: ["RM_SECRET": secret])
            #expect(listed.status == 0, "\(listed.stderr)")
            let ids = listed.stdout.split(separator: "\n").compactMap { Int($0.split(separator: " ").first ?? "") }
            #expect(ids == Array(1...826))
            let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            let tokens = lines.filter { $0.contains("/oauth/token") }
            #expect(tokens.count >= 2, "\(tokens)")
            #expect(tokens.allSatisfy { $0.contains(#""status":200"#) })
            #expect(lines.filter { $0.hasPrefix(#"{"url""#) && $0.contains("/api/character") && !$0.contains(#""status":200"#) && !$0.contains(#""status":401"#) }.isEmpty)
            let files = Self.bytes(under: saved.folder)
            for text in [listed.stdout, listed.stderr] { #expect(!text.contains(secret)) }
            #expect(files.range(of: Data(secret.utf8)) == nil)
        }
    }

    /// `openapi = …` and `graphql = …` open the lists the mirror's document and schema give,
    /// `kind = "rickandmorty"` the preset's at `url`.
    @Test func openAPIAndGraphQLSavedAPIsListWhatTheirDocumentsName() async throws {
        try await Self.withSavedAPIs(data, config: { origin in """
            [apis.oa]
            openapi = "\(origin)/openapi.json"

            [apis.gq]
            graphql = "\(origin)/graphql"

            [apis.ram]
            kind = "rickandmorty"
            url = "\(origin)/api"
            """ }) { saved in
            for (name, list, count) in [("oa", "episode", 51), ("gq", "episodes", 51), ("ram", "locations", 126)] {
                let listed = try await saved.run(["list", name, list, "--no-cache"])
                #expect(listed.status == 0, "\(name): \(listed.stderr)")
                #expect(listed.stdout.split(separator: "\n").count == count, "\(name)")
            }
            let unknown = try await saved.run(["list", "oa", "nope", "--no-cache"])
            #expect(unknown.status == 2 && unknown.stderr.hasPrefix("portal: 'nope' is not a list of oa ("), "\(unknown.stderr)")
        }
    }

    @Test func theBashCompletionScriptCompletesSavedNamesAndTheirLists() async throws {
        let folder = try Self.folder(config: "")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The default config file, as a user has it: $XDG_CONFIG_HOME/portal/config.toml.
        try FileManager.default.createDirectory(atPath: folder + "/xdg/portal", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/xdg/portal/config.toml", contents: Data("""
            [apis.shop]
            url = "https://shop.example.com/v1"
            lists = { orders = "/orders", users = "/users" }
            """.utf8), attributes: [.posixPermissions: 0o600])
        let binary = EndToEndEnvironment.portal ?? "portal"
        let environment = ["PATH": (binary as NSString).deletingLastPathComponent + ":/usr/bin:/bin", "XDG_CONFIG_HOME": folder + "/xdg", "HOME": folder]
        let script = try await Self.run(["--generate-completion-script", "bash"], environment: environment)
        #expect(script.status == 0)
        try script.stdout.write(toFile: folder + "/portal.bash", atomically: true, encoding: .utf8)
        let driver = """
            source "\(folder)/portal.bash"
            complete_words() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                _portal portal "${COMP_WORDS[$COMP_CWORD]}" "${COMP_WORDS[$COMP_CWORD-1]}"
                echo "${COMPREPLY[*]}"
            }
            complete_words portal sh
            complete_words portal shop ""
            complete_words portal open shop o
            complete_words portal list shop u
            """
        try driver.write(toFile: folder + "/driver.sh", atomically: true, encoding: .utf8)
        let completed = try await offThePool {
            try Spawn.run("/bin/bash", [folder + "/driver.sh"], environment: environment, scratch: FileManager.default.temporaryDirectory)
        }
        #expect(completed.status == 0, "\(completed.stderr)")
        #expect(completed.stdout == "shop\norders users\norders\nusers\n", "\(completed.stdout)")
    }
}

/// `portal NAME LIST` in a terminal: the saved lists as tabs, opened on LIST, the other
/// tab a key away — the real command line, routed before ArgumentParser sees it.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct SavedAPIBrowseEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    @Test func portalNameListOpensTheSavedListsAsTabsOnThatList() async throws {
        let key = "saved-key-\(UInt32.random(in: 0...UInt32.max))"
        try await SavedAPIsListWithTheirOwnCredentialsEndToEndTests.withSavedAPIs(data, mirror: { $0.requireKey = key }, config: { origin in """
            [apis.db]
            url = "\(origin)/rest/v1"
            auth = { bearer = "env:DB_KEY" }
            lists = { people = "/characters?order=id", episodes = { path = "/episodes?order=id", fields = ["episode"] } }
            """ }) { saved in
            let binary = EndToEndEnvironment.portal ?? "portal"
            try await offThePool {
                let session = try TmuxSession(columns: 110, rows: 26)
                defer { session.close() }
                // The config file first, as most tools take it (`portal --config FILE NAME LIST`).
                try session.type(line: "DB_KEY='\(key)' '\(binary)' --config '\(saved.config)' db episodes --pictures off --no-cache 2> '\(session.file("stderr"))'")
                let episodes = try session.waitFor("Lawnmower Dog")
                #expect(episodes.contains("1 People") && episodes.contains("2 Episodes"), "\(episodes)")
                #expect(episodes.contains("S01E02") && !episodes.contains(key))
                try session.press("1")
                // The cards may be drawn before the status line: wait for both.
                let people = try session.waitFor(timeout: 60, "the people tab and its count") { $0.contains("Rick Sanchez") && $0.contains("826") }
                #expect(people.contains("826"), "\(people)")
                try session.press("q")
                _ = try session.waitFor(timeout: 60, "the shell") { $0.contains(TmuxSession.promptOnScreen) && !$0.contains("Rick Sanchez") }
                let stderr = (try? String(contentsOfFile: session.file("stderr"), encoding: .utf8)) ?? ""
                #expect(stderr.isEmpty, "\(stderr)")
            }
        }
    }
}
