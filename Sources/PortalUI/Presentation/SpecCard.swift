import PortalCore

/// A JSON item's card as its list's spec writes it (`card = { title, subtitle, note, badge }`):
/// the title in bold, the badge as `● value` with the dot in the value's colour, the
/// subtitle, the note dim; the lines left filled with the most telling other fields, as
/// without a spec. The Rick and Morty cards, for any API.
enum SpecCard {
    static func card(_ item: Record, _ spec: CardSpec) -> CardContent {
        let row = item.keyedRow
        var lines: [[Span]] = [[Span(Sanitize.shown(item.title), Style(bold: true))]]
        if let badge = spec.badge { lines.append(self.badge(badge, in: row) ?? []) }
        if let subtitle = spec.subtitle { lines.append([Span(Sanitize.shown(line(subtitle, in: row)))]) }
        // A note with nothing to say is an empty line (a summary's size, before its record).
        if let note = spec.note { lines.append([Span(Sanitize.shown(SpecTemplate.shown(note, in: row)), Style(dim: true))]) }
        let named = [spec.title, spec.subtitle, spec.note].compactMap { $0 }.flatMap { SpecTemplate($0).fields }
        let used = Set([spec.title, spec.subtitle, spec.note, spec.badge?.field].compactMap { $0 } + named)
        let rest = item.cardFields(limit: 3).filter { !used.contains($0.name) }
        for field in rest where lines.count < 3 {
            lines.append([Span(Sanitize.shown(field.name) + " ", Style(dim: true)), Span(Sanitize.shown(field.value))])
        }
        return CardContent(lines: lines + Array(repeating: [], count: max(0, 3 - lines.count)))
    }

    /// `● value`, the dot coloured as the spec says for the value (dim for a value it does
    /// not name); nil when the record has no such field.
    static func badge(_ badge: BadgeSpec, in row: Row) -> [Span]? {
        guard let value = Record.value(at: badge.field, in: row), value != "null" else { return nil }
        return [Span("●", style(badge.colour(of: value))), Span(" " + Sanitize.shown(value))]
    }

    static func style(_ colour: SpecColour?) -> Style {
        switch colour {
        case .red?: Style(foreground: .red)
        case .green?: Style(foreground: .green)
        case .yellow?: Style(foreground: .yellow)
        case .blue?: Style(foreground: .blue)
        case .magenta?: Style(foreground: .magenta)
        case .cyan?: Style(foreground: .cyan)
        case .white?: Style(foreground: .white)
        case .dim?, nil: Style(dim: true)
        }
    }

    /// A subtitle or note: one field, or several in a template (`{species} · {type}`, the
    /// empty ones left out with the text before them); `—` when nothing has a value.
    static func line(_ subtitle: String, in row: Row) -> String {
        let text = SpecTemplate.shown(subtitle, in: row)
        return text.isEmpty ? "—" : text
    }

    /// A field's value as shown, `—` when absent.
    static func value(_ field: String, in row: Row) -> String {
        Record.value(at: field, in: row).flatMap { $0 == "null" || $0.isEmpty ? nil : $0 } ?? "—"
    }
}
