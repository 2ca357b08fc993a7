import PortalCore

/// An item's record with the description that draws it, so `Item` chooses by its list's
/// layout once (`presented`) instead of once per thing it shows.
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
    /// The one choice by layout (`ListSpec.layout`): everything else asks the item.
    private var presented: any Presented {
        switch record.card.spec.layout {
        case .columns: Described<RowDescription>(model: record.row)
        case .tree: Described<TreeDescription>(model: record)
        }
    }

    public var card: CardContent { presented.card }
    public var detail: DetailContent { presented.detail }

    /// The detail with the pane's folds applied (`folds[path]`: true unfolded, false
    /// folded; other nodes as `JSONTree` opens them). Only a tree's fields fold.
    public func detail(folds: [String: Bool]) -> DetailContent {
        record.card.spec.layout == .tree ? TreeDescription.detail(record, folds: folds) : detail
    }
    public var relatedLine: [Span] { presented.relatedLine }
    public var crumb: String { presented.crumb }
}
