import PortalCore

/// How one resource looks on screen, written once per resource: its card, its detail
/// pane (fields, links, the related list), its line in another item's related list, and
/// its name in the breadcrumb. The grid, the detail pane and the controller are the same
/// for every resource; only a description changes.
protocol ItemDescription {
    associatedtype Model
    static func card(_ model: Model) -> CardContent
    static func detail(_ model: Model) -> DetailContent
    /// One line in another item's related list (a character's episodes, …).
    static func relatedLine(_ model: Model) -> [Span]
    /// Its short name in the breadcrumb trail.
    static func crumb(_ model: Model) -> String
}
