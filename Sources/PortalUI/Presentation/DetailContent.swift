import PortalCore

/// Everything a detail pane shows of an item, besides what arrives later (the related
/// items and the picture, which the source names: `Source.pictureRequest(for:)`).
public struct DetailContent: Sendable, Equatable {
    public var title: String
    /// The line under the title (a character's status), if any.
    public var badge: [Span]?
    public var fields: [DetailField]
    public var related: RelatedList?

    public init(title: String, badge: [Span]? = nil, fields: [DetailField], related: RelatedList? = nil) {
        self.title = title
        self.badge = badge
        self.fields = fields
        self.related = related
    }
}
