import Foundation

/// Where the built-in preset files are, found by portal itself rather than `Bundle.module`
/// (whose accessor ends the process with a fatal error when a binary is run without its
/// resource bundle — copied elsewhere, or installed alone). The files are in SwiftPM's
/// resource bundle of this target, `portal_PortalConfig.resources/Presets`, which
/// `swift build` puts beside the executable (and beside a test binary): looked for there
/// (the executable's real path, symlinks resolved), then beside what Foundation calls the
/// main bundle. Not found: nil, and `BuiltInPresets` says so as a `ConfigError`, which the
/// command line prints as one line and exits 1 with.
public enum PresetFiles {
    /// The resource bundle's folder name, as SwiftPM names it (`PACKAGE_TARGET.resources`).
    public static let bundleName = "portal_PortalConfig.resources"

    /// The folders searched, in order: beside the executable, beside the main bundle.
    public static var folders: [URL] {
        var places: [URL] = []
        #if os(Linux)
        places.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
        #endif
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() { places.append(executable.deletingLastPathComponent()) }
        places.append(Bundle.main.bundleURL)
        return places.map { $0.appendingPathComponent(bundleName).appendingPathComponent("Presets") }
    }

    /// The preset file `name` (`rickandmorty`) in the first of `folders` that has it.
    public static func url(_ name: String, in folders: [URL] = folders) -> URL? {
        folders.lazy.map { $0.appendingPathComponent(name + ".toml") }.first { FileManager.default.isReadableFile(atPath: $0.path) }
    }
}
