import ArgumentParser

/// How `portal list` prints items (`--format`): `text` lines (the default), `ndjson` (one
/// JSON object a line, what `--json` prints), `json` (one array, written as the pages
/// arrive), `csv` (RFC 4180) or `tsv`. See docs/sources.md, "portal list".
enum ListFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case ndjson
    case json
    case csv
    case tsv

    /// Whether items print as JSON (the API's own shape).
    var printsJSON: Bool { self == .ndjson || self == .json }
}
