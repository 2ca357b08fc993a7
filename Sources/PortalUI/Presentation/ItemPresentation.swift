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

/// The text of one card: three lines of spans (already sanitised).
public struct CardContent: Sendable, Equatable {
    public var lines: [[Span]]
    public init(lines: [[Span]]) { self.lines = lines }
}

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

/// An item's model with the description that draws it, so `Item` switches over its
/// resources once (`presented`) instead of once per thing it shows.
private protocol Presented {
    var card: CardContent { get }
    var detail: DetailContent { get }
    var relatedLine: [Span] { get }
    var crumb: String { get }
}

private struct Described<Description: ItemDescription>: Presented {
    let model: Description.Model
    var card: CardContent { Description.card(model) }
    var detail: DetailContent { Description.detail(model) }
    var relatedLine: [Span] { Description.relatedLine(model) }
    var crumb: String { Description.crumb(model) }
}

extension Item {
    /// The one switch over resources: everything else asks the item.
    private var presented: any Presented {
        switch self {
        case .character(let c): Described<CharacterDescription>(model: c)
        case .episode(let e): Described<EpisodeDescription>(model: e)
        case .location(let l): Described<LocationDescription>(model: l)
        case .pokemon(let p): Described<PokemonDescription>(model: p)
        case .row(let r, _): Described<RowDescription>(model: r)
        case .json(let j, _): Described<JSONItemDescription>(model: j)
        }
    }

    public var card: CardContent { presented.card }
    public var detail: DetailContent { presented.detail }

    /// The detail with the pane's folds applied (`folds[path]`: true unfolded, false
    /// folded; other nodes as `JSONTree` opens them). Only a JSON item's fields fold.
    public func detail(folds: [String: Bool]) -> DetailContent {
        if case .json(let item, _) = self { return JSONItemDescription.detail(item, folds: folds) }
        return detail
    }
    public var relatedLine: [Span] { presented.relatedLine }
    public var crumb: String { presented.crumb }
}

/// Counting words for cards and fields ("1 resident", "27 residents").
enum Count {
    static func of(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }
}
