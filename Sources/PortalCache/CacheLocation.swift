import Foundation

/// Where the cache lives: `--cache-dir`, else `$XDG_CACHE_HOME/portal`, else
/// `~/.cache/portal` (the XDG base directory rules; a relative `XDG_CACHE_HOME` is ignored
/// as the specification says).
public enum CacheLocation {
    public static func directory(override: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let override, !override.isEmpty { return override }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("portal").path
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/portal").path
    }
}
