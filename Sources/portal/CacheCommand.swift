import ArgumentParser
import Foundation
import PortalCache
import PortalCore

/// `portal cache stats|clear|path`: look into and empty the on-disk HTTP cache.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Inspect or empty the on-disk HTTP cache.",
        subcommands: [Stats.self, Clear.self, Path.self]
    )

    /// `portal cache stats`: entries, bytes, the oldest answer, and the same by host.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Entries, bytes and the oldest answer, in all and by host.")
        @OptionGroup var cache: CacheOptions

        func run() throws {
            let disk = cache.open()
            guard let stats = disk.statistics() else { throw RuntimeFailure("the cache at \(disk.path) is not available") }
            let now = Date()
            var text = "cache    \(disk.path)\n"
            text += "entries  \(stats.entries)\n"
            text += "size     \(Self.bytes(stats.bytes)) of \(Self.bytes(disk.capacity))\n"
            if let oldest = stats.oldest {
                text += "oldest   \(Self.timestamp(oldest)) (\(CacheStatus.age(now.timeIntervalSince(oldest))))\n"
            } else if stats.entries > 0 {
                text += "oldest   unknown (no date in the file reads as one)\n"
            }
            let width = stats.hosts.map { $0.host.count }.max() ?? 0
            for host in stats.hosts {
                let name = Sanitize.line(host.host)
                text += "  \(name)\(String(repeating: " ", count: max(0, width - name.count)))  \(host.entries) entries  \(Self.bytes(host.bytes))\n"
            }
            try? StandardStreams.out(text)
        }

        static func bytes(_ count: Int) -> String {
            if count < 1024 { return "\(count) B" }
            if count < 1_048_576 { return String(format: "%.1f KiB", Double(count) / 1024) }
            return String(format: "%.1f MiB", Double(count) / 1_048_576)
        }

        static func timestamp(_ date: Date) -> String {
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = TimeZone(identifier: "UTC")
            format.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
            return format.string(from: date)
        }
    }

    /// `portal cache clear [--host HOST]`.
    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove every cached answer, or those of one host.")
        @OptionGroup var cache: CacheOptions
        @Option(help: ArgumentHelp("Only the answers of this host (as `portal cache stats` names it).", valueName: "host"))
        var host: String?

        func run() throws {
            let disk = cache.open()
            guard let removed = disk.clear(host: host) else {
                throw RuntimeFailure("the cache at \(disk.path) is \(disk.isAvailable ? "read-only" : "not available")")
            }
            try? StandardStreams.out("removed \(removed) \(removed == 1 ? "entry" : "entries")" + (host.map { " of \($0)" } ?? "") + "\n")
        }
    }

    /// `portal cache path`: where the database is (whether or not it exists yet).
    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the cache database's path.")
        @OptionGroup var cache: CacheOptions

        func run() throws {
            try? StandardStreams.out(URL(fileURLWithPath: cache.directory).appendingPathComponent(DiskCache.fileName).path + "\n")
        }
    }
}
