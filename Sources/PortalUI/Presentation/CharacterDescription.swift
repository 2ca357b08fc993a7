import PortalCore

/// A character: name, a coloured status mark, species and type; its pane links to its
/// origin and location and lists its episodes.
enum CharacterDescription: ItemDescription {
    static func statusStyle(_ status: CharacterStatus) -> Style {
        switch status.kind {
        case .alive: Style(foreground: .green)
        case .dead: Style(foreground: .red)
        case .unknown: Style(dim: true)
        case .unrecognized: Style(foreground: .yellow)
        }
    }

    static func card(_ c: PortalCore.Character) -> CardContent {
        var species = Sanitize.shown(c.species)
        if !c.type.isEmpty { species += " · " + Sanitize.shown(c.type) }
        return CardContent(lines: [
            [Span(Sanitize.shown(c.name), Style(bold: true))],
            [Span("●", statusStyle(c.status)), Span(" " + Sanitize.shown(c.status.rawValue))],
            [Span(species)],
        ])
    }

    static func detail(_ c: PortalCore.Character) -> DetailContent {
        DetailContent(
            title: Sanitize.shown(c.name),
            badge: [Span("●", statusStyle(c.status)), Span(" " + Sanitize.shown(c.status.rawValue))],
            fields: [
                DetailField("Species", Sanitize.shown(c.species)),
                DetailField("Type", c.type.isEmpty ? "—" : Sanitize.shown(c.type)),
                DetailField("Gender", Sanitize.shown(c.gender.rawValue)),
                DetailField("Origin", Sanitize.shown(c.origin.name), link: c.origin.locationID.map { .item(ItemKey(.location, Int($0))) }),
                DetailField("Location", Sanitize.shown(c.location.name), link: c.location.locationID.map { .item(ItemKey(.location, Int($0))) }),
                DetailField("Created", DateText.short(c.created)),
                DetailField("Episodes", String(c.episodeIDs.count)),
            ],
            related: RelatedList(label: "Episodes", kind: .episode, ids: c.episodeIDs.map(Int.init)))
    }

    static func relatedLine(_ c: PortalCore.Character) -> [Span] {
        [Span(Sanitize.shown(c.name)), Span(" ●", statusStyle(c.status)), Span(" " + Sanitize.shown(c.status.rawValue), Style(dim: true))]
    }

    static func crumb(_ c: PortalCore.Character) -> String { Sanitize.shown(c.name) }
}
