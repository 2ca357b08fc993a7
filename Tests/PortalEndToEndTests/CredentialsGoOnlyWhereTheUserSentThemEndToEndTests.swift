import Foundation
import PortalTestSupport
import Synchronization
import Testing

/// Credentials only where the user sent them, and no secret in any output (issue 35,
/// items 7, 9, 11), the binary spawned: an OpenAPI document whose `servers` name another
/// origin gets the lists asked there without `--header` or `PORTAL_API_KEY` (stderr says
/// where they are served from) until `--base-url` names it; `portal apis` shows no password
/// of a URL; a proxy password holding `/` is on neither stderr nor the trace; jq sees no
/// `PORTAL_API_KEY`.
@Suite(.enabled(if: EndToEndEnvironment.portal != nil, "needs a built portal binary"))
struct CredentialsGoOnlyWhereTheUserSentThemEndToEndTests {
    /// A loopback server keeping each request's head.
    final class Recording: Sendable {
        final class Heads: Sendable { let seen = Mutex<[String]>([]) }
        let heads = Heads()
        let server: LoopbackServer

        init(_ answer: @escaping @Sendable (String) -> LoopbackServer.Answer) throws {
            let heads = heads
            server = try LoopbackServer { head in
                heads.seen.withLock { $0.append(head) }
                return answer(head)
            }
        }

        var seen: [String] { heads.seen.withLock { $0 } }
    }

    static func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Spawn.Result {
        var environment = ProcessInfo.processInfo.environment
        for name in ["PORTAL_API_KEY"] + RequestsGoThroughTheProxyUnlessNoProxyEndToEndTests.proxyVariables { environment[name] = nil }
        environment.merge(extra) { _, new in new }
        return try Spawn.run(EndToEndEnvironment.portal ?? "portal", arguments, environment: environment, scratch: FileManager.default.temporaryDirectory)
    }

    static func document(servedFrom server: String) -> String {
        #"{"openapi":"3.0.3","info":{"title":"t","version":"1"},"servers":[{"url":"\#(server)/v1"}],"paths":{"/users":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"}}}}}}}}}}}}"#
    }

    @Test func listsOnAnotherOriginGetNoCredentialsUntilItIsNamed() async throws {
        try await offThePool {
            let lists = try Recording { _ in LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: #"[{"id":1,"name":"a"},{"id":2,"name":"b"}]"#) }
            defer { lists.server.stop() }
            let documents = try Recording { _ in
                LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: Self.document(servedFrom: lists.server.baseURL))
            }
            defer { documents.server.stop() }
            let arguments = ["list", "users", "--openapi", documents.server.baseURL + "/openapi.json", "--header", "X-Secret: header-SECRET", "--no-cache"]
            let key = ["PORTAL_API_KEY": "key-SECRET"]
            let plain = try Self.run(arguments, environment: key)
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(plain.stdout.split(separator: "\n").count == 2)
            // The document's own origin got them; the other origin none.
            #expect(documents.seen.count == 1 && documents.seen.allSatisfy { $0.contains("header-SECRET") && $0.contains("key-SECRET") })
            #expect(!lists.seen.isEmpty && lists.seen.allSatisfy { !$0.contains("SECRET") }, "\(lists.seen)")
            #expect(plain.stderr.contains("users is served from http://127.0.0.1:\(lists.server.port), which gets no credentials"), "\(plain.stderr)")
            // Named by --base-url, it gets them.
            let named = try Self.run(arguments + ["--base-url", lists.server.baseURL], environment: key)
            #expect(named.status == 0, "\(named.stderr)")
            #expect(lists.seen.last?.contains("header-SECRET") == true && lists.seen.last?.contains("key-SECRET") == true)
            #expect(!named.stderr.contains("gets no credentials"))
        }
    }

    /// A saved API's headers and bearer token go to its document's origin, not to the
    /// origin the document's `servers` name — until the file names it as `url`.
    @Test func aSavedAPIsTokenGoesOnlyToTheOriginsItsFileNames() async throws {
        try await offThePool {
            let lists = try Recording { _ in LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: #"[{"id":1,"name":"a"}]"#) }
            defer { lists.server.stop() }
            let documents = try Recording { _ in
                LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: Self.document(servedFrom: lists.server.baseURL))
            }
            defer { documents.server.stop() }
            let secrets = ["H1_SAVED_HEADER": "saved-header-SECRET", "H1_SAVED_BEARER": "saved-bearer-SECRET"]
            for named in [false, true] {
                let folder = try SavedAPIsListWithTheirOwnCredentialsEndToEndTests.folder(config: """
                    [apis.docs]
                    openapi = "\(documents.server.baseURL)/openapi.json"
                    \(named ? "url = \"\(lists.server.baseURL)\"" : "")
                    headers = { "X-Secret" = "env:H1_SAVED_HEADER" }
                    auth = { bearer = "env:H1_SAVED_BEARER" }
                    """)
                defer { try? FileManager.default.removeItem(atPath: folder) }
                let listed = try Self.run(["list", "docs", "users", "--no-cache", "--config", folder + "/config.toml"], environment: secrets)
                #expect(listed.status == 0, "\(listed.stderr)")
                #expect(documents.seen.last?.contains("saved-header-SECRET") == true && documents.seen.last?.contains("saved-bearer-SECRET") == true)
                let last = lists.seen.last ?? ""
                #expect(last.contains("saved-header-SECRET") == named && last.contains("saved-bearer-SECRET") == named, "\(last)")
                #expect(listed.stderr.contains("gets no credentials") == !named, "\(listed.stderr)")
            }
        }
    }

    @Test func portalApisShowsNoPasswordOfAnyURL() async throws {
        let folder = try SavedAPIsListWithTheirOwnCredentialsEndToEndTests.folder(config: """
            [apis.a]
            url = "http://me:pw-SECRET@127.0.0.1:1/a"
            [apis.b]
            openapi = "https://me:pw-SECRET/x@docs.example.com/openapi.json"
            [apis.c]
            graphql = "https://token-SECRET@api.example.com/graphql"
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let listed = try await offThePool { try Self.run(["apis", "--config", folder + "/config.toml"]) }
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.split(separator: "\n").count == 3)
        #expect(!listed.stdout.contains("SECRET") && !listed.stderr.contains("SECRET"), "\(listed.stdout)")
        #expect(listed.stdout.contains("http://***@127.0.0.1:1/a"))
    }

    /// A proxy password holding `/`: read by a URL parser as the path, it was shown.
    @Test func aProxyPasswordHoldingASlashIsInNoOutput() async throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("proxy-secret-\(UInt32.random(in: 0...UInt32.max)).jsonl")
        defer { try? FileManager.default.removeItem(at: trace) }
        let result = try await offThePool {
            try Self.run(["list", "characters", "--no-cache", "--base-url", "http://api.example.test/api", "--trace", trace.path],
                         environment: ["http_proxy": "http://u:proxy-SECRET/x@127.0.0.1:1"])
        }
        #expect(result.status != 0)
        let traced = (try? String(contentsOf: trace, encoding: .utf8)) ?? ""
        #expect(!result.stderr.contains("SECRET") && !traced.contains("SECRET"), "stderr: \(result.stderr) trace: \(traced)")
        #expect(result.stderr.contains("proxy"), "\(result.stderr)")
    }

    /// A password holding `/` in `--url` goes as Basic, and is in no message.
    @Test func aURLPasswordHoldingASlashGoesAsBasicAndIsNeverShown() async throws {
        try await offThePool {
            let lists = try Recording { _ in LoopbackServer.response("200 OK", headers: ["Content-Type": "application/json"], body: #"[{"id":1,"name":"a"}]"#) }
            defer { lists.server.stop() }
            let port = lists.server.port
            let listed = try Self.run(["list", "--url", "http://u:pass-SECRET/x@127.0.0.1:\(port)/v1/users", "--no-cache"])
            #expect(listed.status == 0, "\(listed.stderr)")
            let basic = "Basic " + Data("u:pass-SECRET/x".utf8).base64EncodedString()
            #expect(lists.seen.count == 1 && lists.seen.allSatisfy { $0.contains(basic) }, "\(lists.seen)")
            let refused = try Self.run(["list", "--url", "http://u:pass-SECRET/x@bad host/v1", "--no-cache"])
            #expect(refused.status == 2 && refused.stderr.contains("***") && !refused.stderr.contains("SECRET"), "\(refused.stderr)")
        }
    }

    @Test func jqSeesNoKeyOfPortals() async throws {
        guard let data = EndToEndEnvironment.dataFolder else { return }
        let result = try await offThePool {
            try Self.run(["list", "characters", "--data", data, "--to", "3", "--jq", "[$ENV.PORTAL_API_KEY, env.PORTAL_API_KEY, env.HOME != null]"],
                         environment: ["PORTAL_API_KEY": "key-SECRET"])
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("SECRET"))
        #expect(result.stdout.split(separator: "\n").first == "[null,null,true]")
        // A variable the config names by env: is hidden too, though its name says nothing.
        let folder = try SavedAPIsListWithTheirOwnCredentialsEndToEndTests.folder(config: "[apis.shop]\nurl = \"http://127.0.0.1:1/x\"\nauth = { bearer = \"env:H1_SHOPVAR\" }\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let named = try await offThePool {
            try Self.run(["list", "characters", "--data", data, "--to", "1", "--config", folder + "/config.toml", "--jq", "[env.H1_SHOPVAR, env.H1_PLAINVAR]"],
                         environment: ["H1_SHOPVAR": "shop-SECRET", "H1_PLAINVAR": "plain"])
        }
        #expect(named.stdout == "[null,\"plain\"]\n", "\(named.stdout) \(named.stderr)")
    }
}
