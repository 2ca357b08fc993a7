import Foundation
import Synchronization

/// The environment a jq program sees as `$ENV` and `env`: the process's, less portal's
/// secrets — `PORTAL_*`, any variable named like a credential (`*TOKEN*`, `*SECRET*`,
/// `*PASSWORD*`, `*KEY*`, `*AUTH*`, …), any whose value holds a URL with a user or password
/// (a proxy's), and every variable the config file names by `env:` (`hide`).
///
/// Why: libjq builds `$ENV` from `environ` when it compiles a program and `env` when it runs
/// one, so `--jq '$ENV.PORTAL_API_KEY'` printed the key. `JQProgram` binds both to this
/// environment instead (`JQProgram.withEnvironment`).
public enum JQEnvironment {
    private static let hidden = Mutex<Set<String>>([])

    /// Hides `names` from every program compiled from now on (the config's `env:` names).
    public static func hide(_ names: some Sequence<String>) {
        hidden.withLock { $0.formUnion(names) }
    }

    /// Names to hide, found when the first program is compiled (the config file's `env:`
    /// names, read only if a jq program runs at all).
    private static let pending = Mutex<(@Sendable () -> [String])?>(nil)

    /// Hides what `names` gives, asked once, before the next program is compiled.
    public static func hide(later names: @escaping @Sendable () -> [String]) {
        pending.withLock { $0 = names }
    }

    /// `environment` without portal's secrets.
    public static func visible(_ environment: [String: String]) -> [String: String] {
        if let names = pending.withLock({ pending in defer { pending = nil }; return pending }) { hide(names()) }
        let named = hidden.withLock { $0 }
        return environment.filter { !named.contains($0.key) && !looksSecret(name: $0.key, value: $0.value) }
    }

    static let secretWords = ["TOKEN", "SECRET", "PASSWORD", "PASSWD", "KEY", "AUTH", "CREDENTIAL", "COOKIE", "SESSION"]

    static func looksSecret(name: String, value: String) -> Bool {
        let upper = name.uppercased()
        if upper.hasPrefix("PORTAL_") || secretWords.contains(where: upper.contains) { return true }
        // A URL with a user or password (`http://user:pw@proxy:3128`).
        guard let scheme = value.range(of: "://") else { return false }
        return value[scheme.upperBound...].contains("@")
    }

    /// The visible environment as a jq object literal (JSON, which jq reads as it is).
    static func literal() -> String {
        let object = visible(ProcessInfo.processInfo.environment)
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
