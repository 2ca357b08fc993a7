import PortalCore

/// A location: name, type, dimension and how many residents; its pane lists them.
enum LocationDescription: ItemDescription {
    static func card(_ l: Location) -> CardContent {
        CardContent(lines: [
            [Span(Sanitize.shown(l.name), Style(bold: true))],
            [Span(Sanitize.shown(l.type.isEmpty ? "—" : l.type)), Span(" · " + Sanitize.shown(l.dimension.isEmpty ? "—" : l.dimension), Style(dim: true))],
            [Span(Count.of(l.residentIDs.count, "resident"), Style(dim: true))],
        ])
    }

    static func detail(_ l: Location) -> DetailContent {
        DetailContent(
            title: Sanitize.shown(l.name),
            fields: [
                DetailField("Type", l.type.isEmpty ? "—" : Sanitize.shown(l.type)),
                DetailField("Dimension", l.dimension.isEmpty ? "—" : Sanitize.shown(l.dimension)),
                DetailField("Created", DateText.short(l.created)),
                DetailField("Residents", String(l.residentIDs.count)),
            ],
            related: RelatedList(label: "Residents", kind: .character, ids: l.residentIDs.map(Int.init)))
    }

    static func relatedLine(_ l: Location) -> [Span] {
        [Span(Sanitize.shown(l.name)), Span(" · " + Sanitize.shown(l.type), Style(dim: true))]
    }

    static func crumb(_ l: Location) -> String { Sanitize.shown(l.name) }
}
