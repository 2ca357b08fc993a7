import PortalCore

/// The table's choices fixed for a run: its columns (`--fields`; nil: each resource's
/// own) and how the server is asked to sort (`s`; nil when it cannot).
struct TableOptions {
    let fields: [String]?
    let sortStyle: SortStyle?
}

extension ScreenController {
    /// `--fields`: the table's columns (nil: each resource's own choice).
    public var tableFields: [String]? { tableOptions.fields }
    /// How this source's server is asked to sort (`s`), nil when it cannot.
    public var sortStyle: SortStyle? { tableOptions.sortStyle }
}
