import Foundation
import PortalMirror
import Testing

/// Supabase as its apps use it, end to end: portal signed in against `portal-mirror
/// --auth-user … --token-ttl 2`, a list from a function, estimated counts, `R`, and no
/// secret (the password, the key, a token) in the trace, stderr, stdout, the screen or
/// the cache file.
@Suite(.serialized, .enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct SupabaseTokensRenewUnderneathWithNoSecretShownEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."

    /// The bytes of every file under `folder`.
    static func bytes(under folder: String) -> Data {
        var out = Data()
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        for name in files { out += FileManager.default.contents(atPath: folder + "/" + name) ?? Data() }
        return out
    }

    @Test func scrollingAll826RowsWhileTwoSecondTokensRenewUnderneathThenR() async throws {
        let key = "sb-key-\(UInt32.random(in: 0...UInt32.max))"
        let password = "pw-\(UInt32.random(in: 0...UInt32.max))"
        let data = self.data
        try await offThePool {
            let session = try TmuxSession(columns: 120, rows: 30)
            defer { session.close() }
            let log = session.file("mirror.log")
            let mirror = try ShellMirror(in: session, data: data, requireKey: key,
                                         extra: "--auth-user 'ann@example.com:\(password)' --token-ttl 2 --log '\(log)'")
            defer { mirror.stop() }
            let cache = session.file("cache")
            let run = PortalRun(session, source: "--api postgrest --base-url '\(mirror.origin)/rest/v1' --table characters --email ann@example.com --cache-dir '\(cache)'")
            try session.type(line: "NO_COLOR=1 PORTAL_API_KEY='\(key)' " + run.commandLine + " 2> '\(session.file("stderr"))'")
            // The password is asked for on the terminal, without echo.
            try session.waitFor("Password for ann@example.com:")
            try session.send(text: password)
            try session.press("Enter")
            let first = try session.waitFor("Rick Sanchez")
            #expect(!first.contains(password))
            let started = Date()
            // Down a screen at a time, each screen's cards waited for, to the last row.
            var screen = first
            var presses = 0
            while !screen.contains("826 / 826"), presses < 200 {
                try session.press("PageDown")
                presses += 1
                screen = try session.waitFor(timeout: 60, "the next screen") { !$0.contains("loading") }
                Thread.sleep(forTimeInterval: 0.05)
            }
            screen = try session.waitFor("826 / 826")
            #expect(screen.contains("Butter Robot"), "\(screen)")
            #expect(!screen.contains("error") && !screen.contains("session expired"), "\(screen)")
            // Long enough that tokens of 2 s were renewed on the way.
            if Date().timeIntervalSince(started) < 4.5 { Thread.sleep(forTimeInterval: 4.5 - Date().timeIntervalSince(started)) }

            // R: the list again from the top, the selection kept on Butter Robot.
            let before = try run.settledURLs().count
            try session.press("R")
            let refreshed = try session.waitFor(timeout: 60, "the refresh") { _ in ((try? run.traceURLs().count) ?? 0) > before }
            let after = try session.waitFor("826 / 826")
            #expect(after.contains("Butter Robot"), "\(refreshed)\n\(after)")
            try PokeAPIAndPostgRESTBrowseOneRequestAPageEndToEndTests.quit(session, run)

            let mirrorLog = try String(contentsOfFile: log, encoding: .utf8)
            let refreshes = mirrorLog.split(separator: "\n").filter { $0.contains("grant_type=refresh_token") }
            #expect(!refreshes.isEmpty && refreshes.allSatisfy { $0.contains(" 200 ") }, "\(mirrorLog.suffix(2000))")
            #expect(mirrorLog.split(separator: "\n").filter { $0.contains("grant_type=password") }.count == 1)
            let trace = try String(contentsOfFile: session.file("trace.jsonl"), encoding: .utf8)
            // Every window came (Range windows share one URL): at least 42 answered pages,
            // and nothing failed for good.
            let answered = trace.split(separator: "\n").filter { $0.contains(#""status":200"#) || $0.contains(#""status":206"#) || $0.contains(#""cache":"revalidated""#) }
            #expect(answered.count >= 42, "\(trace.suffix(1000))")
            #expect(!trace.contains(#""status":0"#))
            // R went over the network again: revalidated, not served fresh from the cache.
            #expect(trace.contains(#""cache":"revalidated""#), "\(trace.suffix(1000))")
            let stderr = (try? String(contentsOfFile: session.file("stderr"), encoding: .utf8)) ?? ""
            let cacheBytes = Self.bytes(under: cache)
            #expect(!cacheBytes.isEmpty)
            for secret in [key, password, "eyJhbGci"] {
                #expect(!trace.contains(secret) && !stderr.contains(secret) && !after.contains(secret) && !screen.contains(secret))
                #expect(cacheBytes.range(of: Data(secret.utf8)) == nil, "\(secret.prefix(8))… is in the cache file")
            }
        }
    }
}

/// `portal list` signed in: a function's rows, estimated counts, a failed sign-in, and
/// the secrets nowhere in what it writes.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct SupabaseListEndToEndTests {
    let data = EndToEndEnvironment.dataFolder ?? "."
    static let users: [MirrorAuth.User] = [.init(email: "ann@example.com", password: "pw-ann-123"), .init(email: "bob@example.com", password: "pw-bob-456")]

    private func run(_ arguments: [String], password: String, key: String, cache: String? = nil) async throws -> Spawn.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["PORTAL_API_KEY"] = key
        environment["PORTAL_PASSWORD"] = password
        let binary = EndToEndEnvironment.portal ?? "portal"
        let scratch = FileManager.default.temporaryDirectory
        let extra = cache.map { ["--cache-dir", $0] } ?? ["--no-cache"]
        let env = environment
        return try await offThePool { try Spawn.run(binary, arguments + extra, environment: env, scratch: scratch) }
    }

    @Test func theDeadFromAFunctionAsAUserAndEstimatesSaidAsSuch() async throws {
        let key = "sb-key-\(UInt32.random(in: 0...UInt32.max))"
        try await withMirror(data: data, requireKey: key, authUsers: [Self.users[0]]) { origin in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-\(UInt32.random(in: 0...UInt32.max))").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let trace = folder + "/trace.jsonl"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let dead = try await run(["list", "--rpc", "characters_by_status", "--args", #"{"status":"Dead"}"#, "--base-url", "\(origin)/rest/v1",
                                      "--email", "ann@example.com", "--trace", trace], password: "pw-ann-123", key: key, cache: folder + "/cache")
            #expect(dead.status == 0, "\(dead.stderr)")
            #expect(dead.stdout.split(separator: "\n").count == 287)
            let estimated = try await run(["list", "characters", "--count", "estimated", "--page-size", "100", "--base-url", "\(origin)/rest/v1",
                                           "--email", "ann@example.com", "--trace", trace], password: "pw-ann-123", key: key, cache: folder + "/cache")
            #expect(estimated.status == 0, "\(estimated.stderr)")
            #expect(estimated.stderr == "portal: ≈ 785 rows (the server's estimate)\n")
            #expect(estimated.stdout.split(separator: "\n").count == 826)
            let traced = try String(contentsOfFile: trace, encoding: .utf8)
            // 15 and 9 pages, and each run's sign-in (the trace lists every request).
            #expect(traced.split(separator: "\n").count == 15 + 9 + 2)
            #expect(traced.split(separator: "\n").filter { $0.contains("/auth/v1/token?grant_type=password") }.count == 2)
            let cacheBytes = SupabaseTokensRenewUnderneathWithNoSecretShownEndToEndTests.bytes(under: folder + "/cache")
            for secret in [key, "pw-ann-123", "eyJhbGci"] {
                for text in [traced, dead.stdout, dead.stderr, estimated.stdout, estimated.stderr] { #expect(!text.contains(secret)) }
                #expect(cacheBytes.range(of: Data(secret.utf8)) == nil)
            }
        }
    }

    @Test(arguments: [
        (["list", "characters", "--email", "ann@example.com"], "--email is for PostgREST sources"),
        (["list", "--api", "postgrest", "--base-url", "http://127.0.0.1:9/rest/v1", "--args", "{}"], "--args goes with --rpc"),
        (["list", "--base-url", "http://127.0.0.1:9/rest/v1", "--rpc", "f", "--args", "[1]"], "--args must be a JSON object"),
        (["list", "t", "--base-url", "http://127.0.0.1:9/rest/v1", "--rpc", "f"], "give a table or --rpc, not both"),
        (["--base-url", "http://127.0.0.1:9/rest/v1", "--rpc", "f", "--table", "t"], "give --table or --rpc, not both"),
        (["list", "t", "--base-url", "http://127.0.0.1:9/rest/v1", "--count", "roughly"], "--count"),
        (["list", "t", "--data", ".", "--api", "postgrest", "--email", "ann@example.com"], "the offline snapshot has no users"),
    ])
    func badSupabaseFlagsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await run(arguments, password: "pw", key: "k")
        #expect(result.status == 2 && result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("pw"))
    }

    @Test func twoUsersListTheirOwnRowsAndAWrongPasswordIsOneLine() async throws {
        let key = "sb-key-\(UInt32.random(in: 0...UInt32.max))"
        try await withMirror(data: data, requireKey: key, authUsers: Self.users) { origin in
            let base = ["list", "characters", "--base-url", "\(origin)/rest/v1", "--limit", "3"]
            let ann = try await run(base + ["--email", "ann@example.com"], password: "pw-ann-123", key: key)
            let bob = try await run(base + ["--email", "bob@example.com"], password: "pw-bob-456", key: key)
            #expect(ann.stdout.split(separator: "\n").map { $0.split(separator: " ").first } == ["1", "3", "5"])
            #expect(bob.stdout.split(separator: "\n").map { $0.split(separator: " ").first } == ["2", "4", "6"])
            let wrong = try await run(base + ["--email", "ann@example.com"], password: "not-the-pw", key: key)
            #expect(wrong.status == 1 && wrong.stderr == "portal: sign-in failed: Invalid login credentials\n")
        }
    }
}
