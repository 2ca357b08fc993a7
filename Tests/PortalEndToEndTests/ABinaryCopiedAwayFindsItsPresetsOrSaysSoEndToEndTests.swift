import Foundation
import Testing

/// The built-in presets are found beside the executable (`PresetFiles`), never through
/// `Bundle.module`, whose accessor kills a binary run without its resource bundle: a
/// `portal` copied alone says so in one line and exits 1; copied with the bundle it works.
@Suite("A portal binary copied away", .enabled(if: EndToEndEnvironment.canRunBinary))
struct ABinaryCopiedAwayFindsItsPresetsOrSaysSoEndToEndTests {
    /// The binary in a folder of its own beside the build folder: a hard link, not a copy
    /// (a copy's write handle, inherited by a process another test starts meanwhile, makes
    /// running it fail with "Text file busy"); the same file, found at another path.
    static func copy(withBundle: Bool) throws -> URL {
        let binary = URL(fileURLWithPath: try #require(EndToEndEnvironment.portal)).resolvingSymlinksInPath()
        let folder = binary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("relocated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: binary, to: folder.appendingPathComponent("portal"))
        if withBundle {
            let bundle = binary.deletingLastPathComponent().appendingPathComponent("portal_PortalConfig.resources")
            try FileManager.default.copyItem(at: bundle, to: folder.appendingPathComponent("portal_PortalConfig.resources"))
        }
        return folder
    }

    @Test func withoutItsResourcesItSaysSoAndExits() throws {
        let folder = try Self.copy(withBundle: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Spawn.run(folder.appendingPathComponent("portal").path,
                                   ["list", "characters", "--data", try #require(EndToEndEnvironment.dataFolder), "--limit", "1"],
                                   environment: ProcessInfo.processInfo.environment, scratch: folder)
        #expect(result.status == 1, "an error, not a crash (a fatal error is a signal)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("portal_PortalConfig.resources") == true, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func withThemItRuns() throws {
        let folder = try Self.copy(withBundle: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Spawn.run(folder.appendingPathComponent("portal").path,
                                   ["list", "characters", "--data", try #require(EndToEndEnvironment.dataFolder), "--limit", "1", "--json"],
                                   environment: ProcessInfo.processInfo.environment, scratch: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"{"id":1,"name":"Rick Sanchez","status":"Alive""#))
    }
}
