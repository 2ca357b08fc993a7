import Foundation
@testable import PortalConfig
import Testing

/// A `command:` secret is read up to `SecretResolver.outputCap` (64 KiB): a command that
/// prints more (or without end, as `yes` does) is stopped and the key reported, instead of
/// its output being gathered until memory runs out (`yes` passed 1 GB in a second).
@Suite("A command secret's output is capped")
struct ACommandSecretsOutputIsCappedTests {
    static let resolver = SecretResolver(environment: ["PATH": "/usr/bin:/bin"], commandTimeout: .seconds(60))

    @Test func moreThanTheCapIsRefusedNamingTheKey() async {
        let error = await #expect(throws: SecretReferenceError.self) {
            try await Self.resolver.resolve(.command(["head", "-c", "70000", "/dev/zero"]), key: "apis.big.auth.bearer")
        }
        #expect(error?.description.contains("apis.big.auth.bearer") == true)
        #expect(error?.description.contains("more than 64 KiB") == true)
    }

    /// `yes` never ends and never fills its pipe: the cap stops it (the 60 s timeout
    /// would say "did not finish"), and the error names the cap.
    @Test func aCommandPrintingWithoutEndIsStoppedAtTheCap() async {
        let error = await #expect(throws: SecretReferenceError.self) {
            try await Self.resolver.resolve(.command(["yes"]), key: "apis.loop.auth.bearer")
        }
        #expect(error?.description.contains("more than 64 KiB") == true)
        #expect(error?.description.contains("stopped") == true)
    }

    @Test func exactlyTheCapIsRead() async throws {
        let value = try await Self.resolver.resolve(.command(["sh", "-c", "head -c 65536 /dev/zero | tr '\\0' x"]), key: "k")
        #expect(value.utf8.count == 65536)
    }
}
