import Foundation
import PortalCore

/// A record shown as a tree (`layout = "tree"`, every list's default but a table's): the
/// card is its spec's, else its title (`name`, `title`, `full_name`, `login`, `label`, else
/// the id) over its most telling short fields (or `--fields`); the pane shows every field as a tree — nested objects and arrays opened
/// to `JSONTree.openDepth`, longer arrays cut after `JSONTree.arrayItems`, each node
/// folded and unfolded by the user — with each same-origin URL in it a link Enter follows.
enum TreeDescription: ItemDescription {
    static func card(_ item: Record) -> CardContent {
        if let spec = item.card.spec.card { return SpecCard.card(item, spec) }
        let fields = item.cardFields()
        return CardContent(lines: [[Span(Sanitize.shown(item.title), Style(bold: true))]] + fields.map { field in
            [Span(Sanitize.shown(field.name) + " ", Style(dim: true)), Span(Sanitize.shown(field.value))]
        } + Array(repeating: [], count: max(0, 2 - fields.count)))
    }

    static func detail(_ item: Record) -> DetailContent { detail(item, folds: [:]) }

    /// The detail with the pane's folds (`DetailPane.folds`) applied.
    static func detail(_ item: Record, folds: [String: Bool]) -> DetailContent {
        if let spec = item.card.spec.detail, item.link == nil { return SpecDetail.detail(item, spec) }
        return DetailContent(title: Sanitize.shown(item.title), badge: item.card.spec.card?.badge.flatMap { SpecCard.badge($0, in: item.row) },
                      fields: JSONTree.fields(item.row, linkOrigin: item.card.linkOrigin, folds: folds, page: item.isPage))
    }

    /// The entries of a further page of a linked list, as rows under the pages before it
    /// (its count row left out; its node paths under `p<number>`).
    static func pageFields(_ item: Record, number: Int, folds: [String: Bool]) -> [DetailField] {
        JSONTree.fields(item.row, linkOrigin: item.card.linkOrigin, folds: folds, page: true, prefix: "p\(number)", skipping: 1)
    }

    /// Its title, and its badge as the card shows it (`Member 7 ● away`) when its list's
    /// spec has one, else its subtitle dim (`S01E01 Pilot · December 2, 2013`).
    static func relatedLine(_ item: Record) -> [Span] {
        let title = Span(Sanitize.shown(item.title))
        guard let card = item.card.spec.card else { return [title] }
        if let badge = card.badge.flatMap({ SpecCard.badge($0, in: item.row) }) { return [Span(title.text + " ")] + badge }
        guard let subtitle = card.subtitle else { return [title] }
        return [title, Span(" · " + Sanitize.shown(SpecCard.line(subtitle, in: item.row)), Style(dim: true))]
    }

    static func crumb(_ item: Record) -> String { Sanitize.shown(item.title) }
}

