/// Where a row of a JSON item's detail sits in its tree, so the pane can fold and unfold
/// it (`→ l` / `← h`) and keep the highlight on it when the rows are built again.
///
/// `path` names the node (its keys and indexes from the item's top, joined by a
/// separator no key can break: a control character, which `Sanitize` never lets through
/// to the screen and which never reaches it from here).
public struct DetailNode: Sendable, Hashable {
    /// What the row is: an object or array shown open or folded, the "… N more" row
    /// of an array cut short, or a value.
    public enum Shape: Sendable, Hashable {
        case open, folded, more, leaf
    }

    public var path: String
    public var parent: String?
    public var shape: Shape

    public init(path: String, parent: String?, shape: Shape) {
        self.path = path
        self.parent = parent
        self.shape = shape
    }

    /// Whether the highlight stops on it: a node that can be folded or unfolded.
    public var isFoldable: Bool { shape != .leaf }

    static let separator = "\u{1F}"

    static func child(_ key: String, of parent: String?) -> String {
        parent.map { $0 + separator + key } ?? key
    }
}
