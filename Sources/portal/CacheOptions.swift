import ArgumentParser
import Foundation
import PortalCache
import PortalCore
import PortalSources

/// The on-disk HTTP cache's flags, shared by every command that reads an HTTP source and
/// by `portal cache` (see docs/sources.md, "The cache").
struct CacheOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Keep the HTTP cache in this folder (default $XDG_CACHE_HOME/portal or ~/.cache/portal).", valueName: "dir"))
    var cacheDir: String?

    @Flag(name: .long, help: "Neither read nor write the on-disk HTTP cache.")
    var noCache = false

    @Flag(name: .long, help: "Never touch the network: show only cached answers.")
    var offline = false

    @Option(name: .long, help: ArgumentHelp("Size cap of the cache, e.g. 64M or 1G (default 256M).", valueName: "size"))
    var cacheSize: String?

    @Option(name: .long, help: ArgumentHelp("How long an answer is fresh when the server does not say, e.g. 30m, 12h, 7d (default 1d for lists, 30d for avatars).", valueName: "age"))
    var maxAge: String?

    func validate() throws {
        if noCache && offline { throw ValidationError("--offline reads the cache; it cannot go with --no-cache") }
        if let cacheSize, CacheArgument.bytes(cacheSize) == nil {
            throw ValidationError("--cache-size must be a size like 64M or 1G, got '\(cacheSize)'")
        }
        if let maxAge, CacheArgument.seconds(maxAge) == nil {
            throw ValidationError("--max-age must be a duration like 30m, 12h or 7d, got '\(maxAge)'")
        }
    }

    /// The cache as the resolver takes it.
    var settings: CacheSettings {
        CacheSettings(directoryOverride: cacheDir, noCache: noCache, offline: offline, size: cacheSize, maxAge: maxAge)
    }

    var directory: String { settings.directory }

    /// The cache, opened (a cache that cannot be opened warns once and stays empty).
    func open() -> DiskCache { settings.open() }
}
