import PortalCore

/// An episode: its code (S01E01), name, air date and how many characters appear; its pane
/// lists those characters.
enum EpisodeDescription: ItemDescription {
    static func card(_ e: Episode) -> CardContent {
        CardContent(lines: [
            [Span(Sanitize.shown(e.code), Style(foreground: .cyan, bold: true)), Span(" " + Sanitize.shown(e.name), Style(bold: true))],
            [Span(Sanitize.shown(e.airDate))],
            [Span(Count.of(e.characterIDs.count, "character"), Style(dim: true))],
        ])
    }

    static func detail(_ e: Episode) -> DetailContent {
        DetailContent(
            title: Sanitize.shown(e.code) + " " + Sanitize.shown(e.name),
            fields: [
                DetailField("Code", Sanitize.shown(e.code)),
                DetailField("Name", Sanitize.shown(e.name)),
                DetailField("Air date", Sanitize.shown(e.airDate)),
                DetailField("Created", DateText.short(e.created)),
                DetailField("Characters", String(e.characterIDs.count)),
            ],
            related: RelatedList(label: "Characters", kind: .character, ids: e.characterIDs.map(Int.init)))
    }

    static func relatedLine(_ e: Episode) -> [Span] {
        [
            Span(DisplayWidth.pad(Sanitize.shown(e.code), to: 7), Style(foreground: .cyan)),
            Span(Sanitize.shown(e.name)),
            Span(" · " + Sanitize.shown(e.airDate), Style(dim: true)),
        ]
    }

    static func crumb(_ e: Episode) -> String { Sanitize.shown(e.code) + " " + Sanitize.shown(e.name) }
}
