import Foundation
import PortalCore
import PortalJSON

/// A JSON item's detail as its list's spec writes it (`detail = { fields, related }`):
/// the badge under the title, the fields in the spec's order with their labels and
/// formats, and the first related list as the pane's related list — its keys fetched by
/// the target list's `by_keys`, as many a request as fit in a 2 KB URL (`ByKeys`). A
/// related list after the first is a field counting its keys.
enum SpecDetail {
    static func detail(_ item: Record, _ spec: DetailSpec) -> DetailContent {
        let row = item.keyedRow
        let badge = item.card.spec.card?.badge.flatMap { SpecCard.badge($0, in: row) }
        // A summary (its list has an `item` route): the pane has asked for the record.
        if item.card.hasDetail {
            return DetailContent(title: Sanitize.shown(item.title), badge: badge, fields: [DetailField("Details", "loading…")])
        }
        var fields = spec.fields.map { field in
            DetailField(field.shownLabel, Sanitize.shown(shown(field, in: row)), link: link(field, in: item))
        }
        var related: RelatedList?
        for relation in spec.related {
            let keys = SpecValues.keys(in: row[relation.field])
            if !fields.contains(where: { $0.label == relation.shownTitle }) {
                fields.append(DetailField(relation.shownTitle, String(keys.count)))
            }
            guard related == nil, let route = item.card.byKeys[relation.list] else { continue }
            related = RelatedList(label: relation.shownTitle, kind: ItemKind(rawValue: relation.list), keys: keys,
                                  perRequest: ByKeys.perRequest(route, keys: keys))
        }
        return DetailContent(title: Sanitize.shown(item.title), badge: badge, fields: fields, related: related)
    }

    /// The value as its format says: a date as `4 Nov 2017`, an array as its count.
    static func shown(_ field: DetailFieldSpec, in row: Row) -> String {
        // A template (`{height|divide 10} m`) reads as a card line does.
        if SpecTemplate.isTemplate(field.field) { return SpecCard.line(field.field, in: row) }
        let value = SpecCard.value(field.field, in: row)
        switch field.format {
        case .date?: return date(value) ?? value
        case .count?:
            if value.hasPrefix("["), value.hasSuffix("]"), let count = Int(value.dropFirst().dropLast()) { return String(count) }
            if case .json(let text)? = row[field.field], let node = try? JSONNode.parse(Data(text.utf8)).node {
                return String(node.elements?.count ?? node.fields?.count ?? 0)
            }
            return value == "—" ? "0" : value
        case nil: return value
        }
    }

    /// `YYYY-MM-DD…` as `4 Nov 2017` (the date as written, whatever its time and zone).
    static func date(_ text: String) -> String? {
        let chars = Array(text.prefix(10))
        guard chars.count == 10, chars[4] == "-", chars[7] == "-", let year = Int(String(chars[0..<4])),
              let month = Int(String(chars[5..<7])), let day = Int(String(chars[8..<10])), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return "\(day) \(DateText.months[month - 1]) \(year)"
    }

    /// A field with a `link` opens the record it names (`SpecValues.record`: a URL under a
    /// list's `by_keys`, or a key of `list`); a field holding a URL on the list's origin is
    /// a link Enter follows.
    static func link(_ field: DetailFieldSpec, in item: Record) -> LinkTarget? {
        if let path = field.link {
            guard let value = Record.value(at: path, in: item.row), value != "null", !value.isEmpty else { return nil }
            if let record = SpecValues.record(value, list: field.list, byKeys: item.card.byKeys) { return .item(record) }
            return ItemLink(value, origin: item.card.linkOrigin).map(LinkTarget.url)
        }
        guard case .string(let text)? = item.row[field.field] else { return nil }
        return ItemLink(text, origin: item.card.linkOrigin).map(LinkTarget.url)
    }
}
