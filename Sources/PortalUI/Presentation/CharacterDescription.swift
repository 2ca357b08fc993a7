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
        var species = Sanitize.line(c.species)
        if !c.type.isEmpty { species += " · " + Sanitize.line(c.type) }
        return CardContent(lines: [
            [Span(Sanitize.line(c.name), Style(bold: true))],
            [Span("●", statusStyle(c.status)), Span(" " + Sanitize.line(c.status.rawValue))],
            [Span(species)],
        ])
    }

    static func detail(_ c: PortalCore.Character) -> DetailContent {
        DetailContent(
            title: Sanitize.line(c.name),
            badge: [Span("●", statusStyle(c.status)), Span(" " + Sanitize.line(c.status.rawValue))],
            fields: [
                DetailField("Species", Sanitize.line(c.species)),
                DetailField("Type", c.type.isEmpty ? "—" : Sanitize.line(c.type)),
                DetailField("Gender", Sanitize.line(c.gender.rawValue)),
                DetailField("Origin", Sanitize.line(c.origin.name), link: c.origin.locationID.map { ItemKey(.location, Int($0)) }),
                DetailField("Location", Sanitize.line(c.location.name), link: c.location.locationID.map { ItemKey(.location, Int($0)) }),
                DetailField("Created", DateText.short(c.created)),
                DetailField("Episodes", String(c.episodeIDs.count)),
            ],
            related: RelatedList(label: "Episodes", kind: .episode, ids: c.episodeIDs.map(Int.init)),
            avatarID: c.avatarID)
    }

    static func relatedLine(_ c: PortalCore.Character) -> [Span] {
        [Span(Sanitize.line(c.name) + " "), Span("●", statusStyle(c.status)), Span(" " + Sanitize.line(c.status.rawValue), Style(dim: true))]
    }

    static func crumb(_ c: PortalCore.Character) -> String { Sanitize.line(c.name) }
}
