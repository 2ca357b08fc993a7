import PortalCore

/// The items an item points at, fetched for its pane in one multi-id request (a
/// character's episodes, an episode's characters, a location's residents).
public struct RelatedList: Sendable, Equatable {
    public var label: String
    public var kind: ItemKind
    public var ids: [Int]

    public init(label: String, kind: ItemKind, ids: [Int]) {
        self.label = label
        self.kind = kind
        self.ids = ids
    }
}
