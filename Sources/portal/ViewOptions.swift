import ArgumentParser
import PortalCore

extension SortStyle: ExpressibleByArgument {}

/// How the browser asks a server to sort (`s`/`S`): detected from the source (PostgREST
/// tables; a `--url` on api.github.com, or answering in Django REST framework's or a
/// Datasette table's shape),
/// or named with `--sort-style` for a `--url` list portal cannot place. See docs/keys.md
/// and docs/sources.md, "Sorting on the server".
struct ViewOptions: ParsableArguments {
    @Option(name: .customLong("sort-style"), help: ArgumentHelp(
        "How s asks the server to sort: postgrest (order=col.asc), django (ordering=-col), github (sort=col&direction=desc) or datasette (_sort_desc=col); default: detected.",
        valueName: "postgrest|django|github|datasette"))
    var sortStyle: SortStyle?
}
