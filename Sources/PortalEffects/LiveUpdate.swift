import PortalCore

/// One change of a followed list as the UI receives it: what happened, to which item
/// (its key within the list's kind), and the record read as the list's item (nil for a
/// deletion that carried only the key, or a record the source cannot read as one).
/// The interpreter reads the record (the source's decoding never runs on the UI thread)
/// and coalesces: one update per key per display tick, the last one.
public struct LiveUpdate: Sendable, Hashable {
    public var kind: LiveChange.Kind
    public var key: ItemKey
    public var item: Item?

    public init(kind: LiveChange.Kind, key: ItemKey, item: Item?) {
        self.kind = kind
        self.key = key
        self.item = item
    }
}
