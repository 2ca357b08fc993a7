import ArgumentParser
import PortalUI

/// `--watch 30s`: the browser asks for the list's first page again on that interval (as
/// `w` does, at 30 s, when the flag is not given); see docs/keys.md, `w`.
struct WatchOptions: ParsableArguments {
    @Option(name: .customLong("watch"), help: ArgumentHelp(
        "Watch the list: ask for its first page again every interval (e.g. 30s, 2m, 1h; at least 1s) and mark new items; w turns it off and on.",
        valueName: "interval"))
    var watch: String?

    /// The interval asked for, if any (checked in `validate`).
    var interval: Duration? { watch.flatMap(ScreenController.watchInterval) }

    func validate() throws {
        if let watch, ScreenController.watchInterval(watch) == nil {
            throw ValidationError("--watch takes a duration of at least 1s, like 30s, 2m or 1h (got '\(watch)')")
        }
    }
}
