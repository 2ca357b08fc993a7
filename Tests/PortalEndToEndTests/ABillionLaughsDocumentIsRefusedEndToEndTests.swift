import Foundation
import Testing

/// `portal --openapi laughs.yaml`, the real binary: a 1 KB document whose aliases nest
/// nine to a level ("billion laughs") ran at 100 % CPU until killed (issue 35, item 4).
/// Now one line on stderr says the document is too large to read, and portal exits 1.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct ABillionLaughsDocumentIsRefusedEndToEndTests {
    @Test(arguments: [["--openapi"], ["list", "things", "--openapi"]])
    func billionLaughsIsOneLineAndExitOne(command: [String]) async throws {
        var text = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths: {/things: {get: {responses: {"200": {description: ok}}}}}
            x-laughs:
              l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]

            """
        for level in 1..<9 { text += "  l\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", "))]\n" }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("laughs-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("laughs.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let binary = EndToEndEnvironment.portal ?? "portal"
        let environment = ProcessInfo.processInfo.environment
        // `timeout` only bounds a failure (the build before the bound never ended); it
        // exits 124 when it has to stop portal.
        let result = try await offThePool {
            try Spawn.run("/usr/bin/timeout", ["120", binary] + command + [file.path, "--no-cache"], environment: environment, scratch: scratch)
        }
        #expect(result.status == 1, "\(result.status): \(result.stderr)")
        #expect(result.stderr == "portal: --openapi: the document is too large to read: more than 1,000,000 values (YAML aliases count as what they repeat)\n",
                "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
