import ArgumentParser
import PortalCore

extension PicturesOrigin: ExpressibleByArgument {}

/// `--pictures-origin any|same`: whether a list's pictures may come from another origin
/// than the API's (a CDN, GitHub's avatars), asked for bare — no key, no `--header`, no
/// cookie. `same` keeps them to the API's own origin. See docs/pictures.md.
struct PicturesOriginOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Where pictures may come from: any (any http(s) host, asked without the API's key or headers) or same (the API's own origin only).",
        valueName: "any|same"))
    var picturesOrigin: PicturesOrigin = .any
}
