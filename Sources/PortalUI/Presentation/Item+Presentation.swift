import PortalCore

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
