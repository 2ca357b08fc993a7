import PortalCore

/// A Pokémon: name and number; types, height and weight once its detail is known (the
/// list has names only, so a card from a list page shows less until the detail has been
/// fetched). Its pane shows the detail and the sprite when the server names one.
enum PokemonDescription: ItemDescription {
    static func number(_ p: Pokemon) -> String { "#\(p.id)" }

    static func types(_ record: PokemonRecord) -> String {
        record.types.isEmpty ? "—" : record.types.map(Sanitize.shown).joined(separator: " · ")
    }

    /// Decimetres as metres, hectograms as kilograms: `0.7 m · 6.9 kg`.
    static func size(_ record: PokemonRecord) -> (height: String, weight: String) {
        (tenths(record.height) + " m", tenths(record.weight) + " kg")
    }

    private static func tenths(_ value: Int) -> String {
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        return "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    static func card(_ p: Pokemon) -> CardContent {
        guard let record = p.record else {
            return CardContent(lines: [
                [Span(Sanitize.shown(p.name), Style(bold: true))],
                [Span(number(p), Style(dim: true))],
                [],
            ])
        }
        let size = size(record)
        return CardContent(lines: [
            [Span(Sanitize.shown(p.name), Style(bold: true))],
            [Span(number(p), Style(dim: true)), Span(" " + types(record), Style(foreground: .cyan))],
            [Span(size.height + " · " + size.weight, Style(dim: true))],
        ])
    }

    static func detail(_ p: Pokemon) -> DetailContent {
        guard let record = p.record else {
            // A list entry: the pane has asked for the detail and shows this meanwhile.
            return DetailContent(title: Sanitize.shown(p.name), badge: [Span(number(p), Style(dim: true))],
                                 fields: [DetailField("Details", "loading…")])
        }
        let size = size(record)
        return DetailContent(
            title: Sanitize.shown(p.name),
            badge: [Span(number(p), Style(dim: true)), Span(" " + types(record), Style(foreground: .cyan))],
            fields: [
                DetailField("Number", String(p.id)),
                DetailField("Types", types(record)),
                DetailField("Height", size.height),
                DetailField("Weight", size.weight),
                DetailField("Base exp.", record.baseExperience.map(String.init) ?? "—"),
            ])
    }

    static func relatedLine(_ p: Pokemon) -> [Span] {
        [Span(Sanitize.shown(p.name)), Span(" " + number(p), Style(dim: true))]
    }

    static func crumb(_ p: Pokemon) -> String { Sanitize.shown(p.name) }
}
