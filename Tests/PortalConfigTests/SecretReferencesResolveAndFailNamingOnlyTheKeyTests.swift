import Foundation
@testable import PortalConfig
import Testing

/// Secret references: parsed without a shell, resolved from the environment, a file or a
/// command's output; a failure names the key and never the output.
@Suite("Secret references")
struct SecretReferencesResolveAndFailNamingOnlyTheKeyTests {
    @Test func parsesEachKind() throws {
        #expect(try SecretReference(parsing: "env:TOKEN") == .environment("TOKEN"))
        #expect(try SecretReference(parsing: "file:/run/secret") == .file("/run/secret"))
        #expect(try SecretReference(parsing: #"command:pass show "my shop" 'a b' c\ d"#) == .command(["pass", "show", "my shop", "a b", "c d"]))
        #expect(try SecretReference(parsing: "plain") == .literal("plain"))
        #expect(throws: SecretReferenceError.self) { try SecretReference(parsing: "command:pass 'open") }
    }

    @Test func resolvesTheEnvironment() async throws {
        let resolver = SecretResolver(environment: ["TOKEN": "s3cret"])
        #expect(try await resolver.resolve(.environment("TOKEN"), key: "apis.a.auth.bearer") == "s3cret")
        let error = await #expect(throws: SecretReferenceError.self) { try await resolver.resolve(.environment("NOPE"), key: "apis.a.auth.bearer") }
        #expect(error?.description.contains("apis.a.auth.bearer") == true)
    }

    @Test func resolvesAFileTrimmed() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("portal-secret-\(UUID().uuidString)").path
        try "from-a-file\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await SecretResolver(environment: [:]).resolve(.file(path), key: "k") == "from-a-file")
    }

    @Test func resolvesACommandWithoutAShell() async throws {
        let resolver = SecretResolver(environment: ["PATH": "/usr/bin:/bin"])
        // With no shell, `$HOME` and `;` are plain words that printf prints as they are.
        #expect(try await resolver.resolve(.command(["printf", "%s|", "$HOME", ";", "x y"]), key: "k") == "$HOME|;|x y|")
        #expect(try await resolver.resolve(.command(["/bin/echo", "  padded  "]), key: "k") == "padded")
    }

    @Test func aFailingCommandNamesTheKeyAndNotItsOutput() async {
        let resolver = SecretResolver(environment: ["PATH": "/usr/bin:/bin"])
        let error = await #expect(throws: SecretReferenceError.self) {
            try await resolver.resolve(.command(["sh", "-c", "echo leaked-output; exit 3"]), key: "apis.shop.auth.oauth2.client_secret")
        }
        #expect(error?.description.contains("apis.shop.auth.oauth2.client_secret") == true)
        #expect(error?.description.contains("exit status 3") == true)
        #expect(error?.description.contains("leaked-output") == false)
    }

    /// Many `command:` secrets at once, each waiting for a file that a task on the same
    /// thread pool writes only once every command has started: resolving parks no thread
    /// (a semaphore would hold the pool's few threads, the writer would never run, and
    /// every command would be stopped at its timeout).
    @Test func resolvingACommandParksNoThread() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portal-secrets-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = 3 * max(ProcessInfo.processInfo.activeProcessorCount, 2)
        let resolver = SecretResolver(environment: ["PATH": "/usr/bin:/bin"], commandTimeout: .seconds(20))
        let values = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<count {
                let script = "touch \(folder)/started-\(index); while [ ! -e \(folder)/go ]; do sleep 0.02; done; echo value-\(index)"
                group.addTask { try await resolver.resolve(.command(["sh", "-c", script]), key: "k\(index)") }
            }
            group.addTask {
                while (try? FileManager.default.contentsOfDirectory(atPath: folder).count) ?? 0 < count {
                    try await Task.sleep(for: .milliseconds(10))
                }
                _ = FileManager.default.createFile(atPath: folder + "/go", contents: Data())
                return nil
            }
            return try await group.reduce(into: Set<String>()) { if let value = $1 { $0.insert(value) } }
        }
        #expect(values == Set((0..<count).map { "value-\($0)" }))
    }

    @Test func aCommandThatHangsIsStopped() async {
        let resolver = SecretResolver(environment: ["PATH": "/usr/bin:/bin"], commandTimeout: .milliseconds(200))
        let error = await #expect(throws: SecretReferenceError.self) { try await resolver.resolve(.command(["sleep", "30"]), key: "k") }
        #expect(error?.description.contains("did not finish") == true)
    }
}

/// What `portal apis` prints of an API's auth: its kind and where each secret comes from.
@Suite("Auth summaries")
struct AuthSummaryTests {
    @Test func aSummaryNeverHoldsALiteralSecret() {
        let secret = SecretReference.literal("SUPERSECRET")
        let auths: [SavedAuth] = [
            .bearer(secret), .basic(secret), .header(name: "X-Key", value: secret),
            .supabase(email: "me@example.com", password: secret, key: secret),
            .oauth2(OAuth2ClientCredentials(tokenURL: "http://x/token", clientID: "cli", clientSecret: secret)),
        ]
        for auth in auths {
            #expect(!auth.summary.contains("SUPERSECRET"))
        }
        #expect(SavedAuth.bearer(.environment("TOKEN")).summary == "bearer env:TOKEN")
        #expect(SavedAuth.bearer(.command(["pass", "show", "x"])).summary == "bearer command:pass")
    }
}
