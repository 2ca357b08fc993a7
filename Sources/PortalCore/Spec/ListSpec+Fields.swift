import PortalJSON
/// The fields a list's spec shows, by their top-level names: what a record must hold to
/// be drawn as the spec says.
extension ListSpec {
    /// Every field the card, the detail, the related lists and the table name (templates'
    /// fields included), cut to the first name of a dotted path (`origin.name` → `origin`).
    public var shownFields: Set<String> {
        let card = [self.card?.title, self.card?.subtitle, self.card?.note, self.card?.badge?.field].compactMap { $0 }
        let named = card.flatMap { SpecTemplate.isTemplate($0) ? SpecTemplate($0).fields : [$0] }
            + (detail?.fields ?? []).flatMap { [$0.field] + [$0.link].compactMap { $0 } }
            + (detail?.related ?? []).map(\.field) + (table ?? []).map(\.field)
        return Set(named.compactMap { $0.split(separator: ".").first.map(String.init) })
    }

    /// Whether `record` holds every field the spec shows: a pushed change that names only
    /// what changed (`{"id": 7, "name": "…"}`) is not the record, and does not replace it.
    public func isWhole(_ record: JSONSpan) -> Bool {
        guard let fields = record.node.fields else { return false }
        return shownFields.isSubset(of: Set(fields.map(\.key)))
    }
}
