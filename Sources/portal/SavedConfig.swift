import Foundation
import PortalConfig
import PortalJQ

/// The config file as every run sees it before any command: the variables it names by
/// `env:` are hidden from jq programs (`--config FILE` in `arguments`, else the default) —
/// read only when a program is compiled, so a run without `--jq` or `|` never reads the
/// file for it.
enum SavedConfig {
    static func hideSecretsFromJQ(arguments: [String]) {
        var explicit: String?
        for (index, word) in arguments.enumerated() {
            if word == "--config", index + 1 < arguments.count { explicit = arguments[index + 1] }
            if word.hasPrefix("--config=") { explicit = String(word.dropFirst("--config=".count)) }
        }
        let path = ConfigFile.path(explicit: explicit, environment: ProcessInfo.processInfo.environment)
        JQEnvironment.hide(later: { ((try? ConfigFile.load(path: path))?.apis ?? []).flatMap(\.environmentNames) })
    }
}
