import Foundation
import Testing

/// What the running browser keeps resident, read from its `/proc/PID/smaps` (issue 27
/// item 4: a 1M-row session with pictures under 64 MB). Bounds in bytes, never times.
@Suite(.enabled(if: EndToEndEnvironment.canDriveTerminal, EndToEndEnvironment.skipReason))
struct TheDiskCacheLeavesICUsDataOnDiskEndToEndTests {
    /// The disk cache writes a timestamp with every answer it keeps or serves. Written
    /// through GRDB's `Date` conversion, that made a `DateFormatter`, which opened ICU's
    /// locale, calendar and time-zone data: 5.3 MB of `lib_FoundationICU.so` resident
    /// (1.1 MB with `--no-cache`), and 1.4 MB more of Foundation. Both runs — the first
    /// storing the pages, the second serving them from the file — stay under 2.5 MB.
    @Test func theDiskCacheLeavesICUsDataOnDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portal-e2e-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cacheDir = folder.appendingPathComponent("cache").path
        let mirror = try MirrorProcess(data: EndToEndEnvironment.dataFolder ?? ".", scratch: folder)
        defer { mirror.stop() }
        let source = "--base-url '\(mirror.origin)/api' --cache-dir '\(cacheDir)'"

        for run in ["storing", "served from the file"] {
            let session = try TmuxSession()
            defer { session.close() }
            let portal = PortalRun(session, source: source)
            try session.type(line: portal.commandLine)
            _ = try session.waitFor("the first grid, \(run)") {
                $0.contains("Rick Sanchez") && $0.contains("Summer Smith")
            }
            // The first page is kept (or touched) once it is decoded, before it is drawn;
            // the trace's idle marker says every request of the first screen is done.
            _ = try portal.settledURLs()
            let resident = try Self.residentKiB(of: portal.portalPID(), mapping: "lib_FoundationICU.so")
            #expect(resident < 2_560, "\(run): \(resident) KiB of ICU resident")
            try session.press("q")
            #expect(try session.waitForFile(session.file("status")) == "exit=0\n")
        }
    }

    /// The resident KiB (`Rss:`) of the mappings of `pid` whose file name is `mapping`.
    static func residentKiB(of pid: Int32, mapping: String) throws -> Int {
        // Read to its end: /proc files say they are empty, so a read by size gets nothing.
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps"), let data = try handle.readToEnd() else {
            throw SessionError("cannot read /proc/\(pid)/smaps")
        }
        let smaps = String(decoding: data, as: UTF8.self)
        var inMapping = false
        var total = 0
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if !first.hasSuffix(":") {
                inMapping = fields.count >= 6 && fields[5].hasSuffix("/" + mapping)
            } else if inMapping, first == "Rss:", fields.count >= 2, let kib = Int(fields[1]) {
                total += kib
            }
        }
        return total
    }
}
