import Foundation
import Synchronization
import Testing

/// The on-disk cache as a user meets it: `portal list` against a mirror (`portal-mirror`
/// on a free port), the mirror stopped, and the same list again from the cache. Every
/// run gets its own temporary `--cache-dir`; nothing is written to the user's cache.
@Suite(.enabled(if: EndToEndEnvironment.canRunBinary, EndToEndEnvironment.skipReason))
struct TheDiskCacheListsAgainOfflineAndHoldsNoKeyEndToEndTests {
    @Test func whatWasListedOnlineListsAgainOfflineWithTheServerGone() throws {
        let scratch = try Scratch()
        let mirror = try MirrorProcess(data: EndToEndEnvironment.dataFolder ?? ".", scratch: scratch.folder)
        let base = mirror.origin + "/api"
        let online = try scratch.portal(["list", "characters", "--limit", "100", "--base-url", base, "--trace", scratch.file("online.jsonl")])
        mirror.stop()
        #expect(online.status == 0, "\(online.stderr)")
        #expect(online.stdout.split(separator: "\n").count == 100)
        let requests = try scratch.trace("online.jsonl")
        #expect(requests.count == 5 && requests.allSatisfy { $0.contains(#""cache":"miss""#) && $0.contains(#""ms":"#) })

        let offline = try scratch.portal(["list", "characters", "--limit", "100", "--base-url", base, "--offline", "--trace", scratch.file("offline.jsonl")])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == online.stdout)
        let hits = try scratch.trace("offline.jsonl")
        #expect(hits.count == 5 && hits.allSatisfy { $0.contains(#""cache":"hit""#) && !$0.contains(#""ms":"#) },
                "hits are not network requests: \(hits)")

        // Past what was seen, an offline list ends with the reason, after what it had.
        let beyond = try scratch.portal(["list", "characters", "--base-url", base, "--offline"])
        #expect(beyond.status == 1)
        #expect(beyond.stdout == online.stdout)
        #expect(beyond.stderr == "portal: page 6 failed after 100 items: offline: not in the cache\n")

        // Without --offline, the server gone: stale-if-error serves the same, marked stale.
        let stale = try scratch.portal(["list", "characters", "--limit", "40", "--max-age", "0", "--base-url", base, "--trace", scratch.file("stale.jsonl")])
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stdout == online.stdout.split(separator: "\n").prefix(40).map { $0 + "\n" }.joined())
        #expect(try scratch.trace("stale.jsonl").allSatisfy { $0.contains(#""cache":"stale""#) })
        #expect(stale.stderr.hasPrefix("portal: cannot connect: ") && stale.stderr.hasSuffix("; showing answers cached just now · offline\n"),
                "one note: \(stale.stderr)")

        let stats = try scratch.portal(["cache", "stats"])
        #expect(stats.status == 0 && stats.stdout.contains("entries  5\n"), "\(stats.stdout)")
        #expect(stats.stdout.contains("127.0.0.1  5 entries"))
        let cleared = try scratch.portal(["cache", "clear", "--host", "127.0.0.1"])
        #expect(cleared.stdout == "removed 5 entries of 127.0.0.1\n")
        #expect(try scratch.portal(["cache", "stats"]).stdout.contains("entries  0\n"))
    }

    @Test(.enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
    func theBrowserWithTheServerGoneShowsTheCachedFirstPage() throws {
        let scratch = try Scratch()
        let mirror = try MirrorProcess(data: EndToEndEnvironment.dataFolder ?? ".", scratch: scratch.folder)
        let base = mirror.origin + "/api"
        #expect(try scratch.portal(["list", "characters", "--limit", "60", "--base-url", base]).status == 0)
        mirror.stop()
        let session = try TmuxSession()
        defer { session.close() }
        try session.type(line: PortalRun(session, source: "--base-url '\(base)' --cache-dir '\(scratch.cacheDir)'").commandLine)
        // Waits for the whole first row: a capture can fall between two writes of a frame.
        let screen = try session.waitFor("the cached first page") {
            $0.contains("Rick Sanchez") && $0.contains("Morty Smith") && $0.contains("Summer Smith")
        }
        #expect(screen.contains("Rick Sanchez") && screen.contains("Summer Smith"))
        try session.press("q")
        #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
    }

    @Test func twoPortalsWriteTheSameCacheAtOnce() throws {
        let scratch = try Scratch()
        let mirror = try MirrorProcess(data: EndToEndEnvironment.dataFolder ?? ".", scratch: scratch.folder)
        let arguments = ["list", "characters", "--base-url", mirror.origin + "/api"]
        let results = Mutex<[Spawn.Result]>([])
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread {
                if let result = try? scratch.portal(arguments) { results.withLock { $0.append(result) } }
                group.leave()
            }.start()
        }
        group.wait()
        mirror.stop()
        let both = results.withLock { $0 }
        #expect(both.count == 2)
        for result in both {
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == 826)
        }
        let stats = try scratch.portal(["cache", "stats"])
        #expect(stats.stdout.contains("entries  42\n"), "\(stats.stdout)")
        let offline = try scratch.portal(arguments + ["--offline"])
        #expect(offline.status == 0 && offline.stdout == both.first?.stdout)
    }

    @Test func theAPIKeyNeverReachesTheCacheFiles() throws {
        let scratch = try Scratch()
        let mirror = try MirrorProcess(data: EndToEndEnvironment.dataFolder ?? ".", scratch: scratch.folder)
        let secret = "sk-e2e-\(UUID().uuidString)"
        let arguments = ["list", "characters", "--base-url", mirror.origin + "/rest/v1", "--limit", "5"]
        let first = try scratch.portal(arguments, environment: ["PORTAL_API_KEY": secret])
        mirror.stop()
        #expect(first.status == 0 && first.stdout.split(separator: "\n").count == 5, "\(first.stderr)")
        // Kept under the key's hash: the same key finds it offline, no key does not.
        #expect(try scratch.portal(arguments + ["--offline"], environment: ["PORTAL_API_KEY": secret]).stdout == first.stdout)
        #expect(try scratch.portal(arguments + ["--offline"]).status == 1)
        var all = Data()
        for file in try FileManager.default.contentsOfDirectory(atPath: scratch.cacheDir) {
            all += try Data(contentsOf: URL(fileURLWithPath: scratch.cacheDir).appendingPathComponent(file))
        }
        #expect(all.range(of: Data("/rest/v1/characters".utf8)) != nil, "the answer is in the files searched")
        #expect(all.range(of: Data(secret.utf8)) == nil, "the API key is in the cache files")
    }

    @Test func aCorruptCacheFileCostsOneWarning() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.cacheDir, withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: scratch.cacheDir).appendingPathComponent("cache.sqlite"))
        // Offline, on a new cache: nothing to show, and the reason, after the one warning.
        let result = try scratch.portal(["list", "characters", "--base-url", "http://127.0.0.1:9/api", "--offline"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.contains("could not be read") == true && lines.first?.contains("set aside as") == true)
        #expect(lines.last == "portal: page 1 failed after 0 items: offline: not in the cache")
    }
}

/// A temporary folder for one test: its cache directory, its trace files, its spawns.
private final class Scratch: Sendable {
    let folder: URL
    var cacheDir: String { folder.appendingPathComponent("cache").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("portal-e2e-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs portal with this test's `--cache-dir`.
    func portal(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Spawn.Result {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "PORTAL_API_KEY")
        environment.merge(extra) { _, new in new }
        return try Spawn.run(EndToEndEnvironment.portal ?? "portal", arguments + ["--cache-dir", cacheDir],
                             environment: environment, scratch: folder)
    }

    func trace(_ name: String) throws -> [Substring] {
        try String(contentsOfFile: file(name), encoding: .utf8).split(separator: "\n")
    }
}
