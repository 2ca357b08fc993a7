import Foundation
import PortalMirror
import Testing

/// A signed-in user's list offline, and the session's own requests in the trace: against
/// the in-process mirror with users (ann sees the odd ids, bob the even ones).
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct OfflineShowsOnlyTheSignedInUsersRowsEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."
    static let users: [MirrorAuth.User] = [.init(email: "ann@example.com", password: "pw-ann-123"), .init(email: "bob@example.com", password: "pw-bob-456")]

    /// `portal ARGUMENTS` with the key, and the password only when given (offline needs none).
    private func run(_ arguments: [String], key: String, password: String?) async throws -> Spawn.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["PORTAL_API_KEY"] = key
        environment["PORTAL_PASSWORD"] = password
        let binary = EndToEndEnvironment.portal ?? "portal"
        let scratch = FileManager.default.temporaryDirectory
        let env = environment
        return try await offThePool { try Spawn.run(binary, arguments, environment: env, scratch: scratch) }
    }

    private static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offline-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Ann lists her rows online (kept by the disk cache); with the server gone, `--offline
    /// --email` lists the same rows with no password, no sign-in and no request at all,
    /// while bob, who never signed in here, sees none of hers.
    @Test func offlineShowsTheSignedInUsersCachedRowsAndNoOneElses() async throws {
        let key = "sb-key-\(UInt32.random(in: 0...UInt32.max))"
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = ["--cache-dir", folder + "/cache"]
        let list = ["list", "characters", "--page-size", "50", "--limit", "120"]
        var base = ""
        var online = Spawn.Result(status: -1, stdout: "", stderr: "")
        try await withMirror(data: data, requireKey: key, authUsers: Self.users) { origin in
            base = "\(origin)/rest/v1"
            online = try await run(list + ["--base-url", base, "--email", "ann@example.com"] + cache, key: key, password: "pw-ann-123")
        }
        #expect(online.status == 0, "\(online.stderr)")
        #expect(online.stdout.split(separator: "\n").count == 120)
        #expect(online.stdout.split(separator: "\n").first?.split(separator: " ").first == "1")

        // The mirror is gone: anything sent would fail.
        let trace = folder + "/offline.jsonl"
        let offline = try await run(list + ["--base-url", base, "--email", "ann@example.com", "--offline", "--trace", trace] + cache,
                                    key: key, password: nil)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == online.stdout)
        let traced = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        #expect(!traced.contains("auth/v1"), "\(traced)")
        #expect(!traced.contains(#""ms":"#), "no line went over the network: \(traced)")

        // Case does not make another user; another address is another user.
        let shouted = try await run(list + ["--base-url", base, "--email", "ANN@example.com", "--offline"] + cache, key: key, password: nil)
        #expect(shouted.stdout == online.stdout, "\(shouted.stderr)")
        let bob = try await run(list + ["--base-url", base, "--email", "bob@example.com", "--offline"] + cache, key: key, password: nil)
        #expect(bob.status == 1 && bob.stdout.isEmpty, "\(bob.stdout.prefix(200))")
        #expect(bob.stderr.split(separator: "\n").count == 1 && bob.stderr.contains("nothing is cached for bob@example.com"), "\(bob.stderr)")
    }

    /// The sign-in and every refresh are lines of `--trace` (the URL, status, time and size,
    /// no body and no header). The list of 413 requests is made to outlast its tokens
    /// whatever the machine's speed: each answer waits 4 ms (at least 1.6 s in all) and a
    /// token lives 1 s (renewed at 0.75 s), so it renews at least twice. The lifetime is
    /// not shorter because a busy machine can take longer than a 0.3-second token lives
    /// between a renewal and the retry it was for (CI saw a list fail so).
    @Test func theTraceListsTheSignInAndTheRefreshesAndNoSecret() async throws {
        let key = "sb-key-\(UInt32.random(in: 0...UInt32.max))"
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = folder + "/trace.jsonl"
        try await withMirror(data: data, requireKey: key, authUsers: Self.users, tokenTTL: 1, latencyMS: 4) { origin in
            let listed = try await run(["list", "characters", "--page-size", "1", "--base-url", "\(origin)/rest/v1", "--email", "bob@example.com",
                                        "--no-cache", "--trace", trace], key: key, password: "pw-bob-456")
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.split(separator: "\n").count == 413)
        }
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let signIns = lines.filter { $0.contains("/auth/v1/token?grant_type=password") }
        #expect(signIns.count == 1 && signIns.allSatisfy { $0.contains(#""status":200"#) && $0.contains(#""ms":"#) }, "\(signIns)")
        #expect(lines.first.map { $0.contains("grant_type=password") } == true, "the sign-in comes first")
        let refreshes = lines.filter { $0.contains("/auth/v1/token?grant_type=refresh_token") }
        #expect(!refreshes.isEmpty, "\(lines.prefix(5))")
        for secret in [key, "pw-bob-456", "bob@example.com", "eyJhbGci", "refresh_token\":"] {
            #expect(!lines.contains { $0.contains(secret) }, "\(secret) in the trace")
        }
    }
}
