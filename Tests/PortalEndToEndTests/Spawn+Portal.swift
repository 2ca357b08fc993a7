import Foundation
import PortalTestSupport

extension Spawn {
    /// The portal under test with `arguments` and `--no-cache` (these tests count
    /// requests), with no key from the environment (`PORTAL_API_KEY` removed; `extra` set),
    /// spawned off the cooperative pool, which the in-process mirror answers on.
    static func portal(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "PORTAL_API_KEY")
        environment.merge(extra) { _, given in given }
        let (binary, frozen) = (EndToEndEnvironment.portal ?? "portal", environment)
        return try await offThePool {
            try Spawn.run(binary, arguments + ["--no-cache"], environment: frozen, scratch: FileManager.default.temporaryDirectory)
        }
    }
}
