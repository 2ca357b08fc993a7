import PortalCore

/// The items an item points at, fetched for its pane by multi-key requests (a
/// character's episodes, an episode's characters, a location's residents, a spec's
/// related list).
public struct RelatedList: Sendable, Equatable {
    public var label: String
    public var kind: ItemKind
    public var ids: [RecordKey]
    /// Keys per request: 20 for the built-in APIs; for a spec's `by_keys`, as many as fit
    /// in a 2 KB URL (`ByKeys.perRequest`).
    public var perRequest: Int

    public init(label: String, kind: ItemKind, ids: [Int]) {
        self.init(label: label, kind: kind, keys: ids.map(RecordKey.number))
    }

    public init(label: String, kind: ItemKind, keys: [RecordKey], perRequest: Int = 20) {
        self.label = label
        self.kind = kind
        self.ids = keys
        self.perRequest = max(1, perRequest)
    }
}
