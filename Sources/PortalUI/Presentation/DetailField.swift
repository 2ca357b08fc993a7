import PortalCore

/// One `Label  value` row of a detail pane; `link` makes it a row the highlight can land
/// on and Enter can follow. A JSON item's rows also say where they sit in its tree
/// (`node`: the highlight lands on objects and arrays, which fold and unfold), the colour
/// of their value's type, and whether a long value wraps onto the lines below.
public struct DetailField: Sendable, Equatable {
    public var label: String
    public var value: String
    public var link: LinkTarget?
    public var valueStyle: Style
    public var node: DetailNode?
    /// A long value continues on the next lines (in display columns) instead of being cut.
    public var wraps: Bool

    public init(_ label: String, _ value: String, link: LinkTarget? = nil, valueStyle: Style = .plain, node: DetailNode? = nil,
                wraps: Bool = false) {
        self.label = label
        self.value = value
        self.link = link
        self.valueStyle = valueStyle
        self.node = node
        self.wraps = wraps
    }
}
