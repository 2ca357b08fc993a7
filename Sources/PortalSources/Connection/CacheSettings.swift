import Foundation
import PortalCache
import PortalCore

/// The on-disk HTTP cache as asked (`--cache-dir`, `--no-cache`, `--offline`,
/// `--cache-size`, `--max-age`; see docs/sources.md, "The cache"): the sizes and ages
/// already checked by the command line.
public struct CacheSettings: Sendable {
    public var directoryOverride: String?
    public var noCache = false
    public var offline = false
    public var size: String?
    public var maxAge: String?

    public init(directoryOverride: String? = nil, noCache: Bool = false, offline: Bool = false, size: String? = nil, maxAge: String? = nil) {
        self.directoryOverride = directoryOverride
        self.noCache = noCache
        self.offline = offline
        self.size = size
        self.maxAge = maxAge
    }

    public var directory: String { CacheLocation.directory(override: directoryOverride) }

    /// The cache, opened (a cache that cannot be opened warns once and stays empty).
    public func open() -> DiskCache {
        DiskCache(directory: directory, capacity: size.flatMap(CacheArgument.bytes) ?? DiskCache.defaultCapacity)
    }

    /// The cache this run uses: nil with `--no-cache`.
    public func openIfUsed() -> DiskCache? {
        noCache ? nil : open()
    }

    /// `network` behind the disk cache `disk`, or `network` itself without one.
    public func wrap(_ network: any Transport, in disk: DiskCache?) -> any Transport {
        guard let disk else { return network }
        let freshness = maxAge.flatMap(CacheArgument.seconds).map(FreshnessPolicy.init(maxAge:)) ?? FreshnessPolicy()
        return DiskCachingTransport(wrapping: network, cache: disk, freshness: freshness, offline: offline)
    }
}
