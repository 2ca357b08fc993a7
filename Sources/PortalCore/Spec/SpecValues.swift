import Foundation
import PortalJSON

/// Values a spec reads out of a record: the keys a related field holds, the URL a
/// picture field or template makes.
public enum SpecValues {
    /// The keys in `value`: an array of keys or URLs, or one. A URL's key is its last
    /// path segment (`…/teams/7` → 7), as the API's own links name records.
    public static func keys(in value: Row.Value?) -> [RecordKey] {
        switch value {
        case .json(let text)?:
            guard let node = try? JSONNode.parse(Data(text.utf8)).node, let elements = node.elements else { return [] }
            return elements.compactMap { key(of: JSONItems.value($0)) }
        case let scalar?: return key(of: scalar).map { [$0] } ?? []
        case nil: return []
        }
    }

    static func key(of value: Row.Value) -> RecordKey? {
        if case .string(let text) = value, text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("/"),
           let last = URL(string: text)?.lastPathComponent, !last.isEmpty, last != "/" {
            return Int(last).map(RecordKey.number) ?? .text(last)
        }
        return RecordKey(value)
    }

    /// The record `value` names: a URL under one of the lists' by-key templates (`byKeys`,
    /// absolute: `https://…/location/3` under `https://…/location/{keys}` is location 3),
    /// else a key of `list` (a bare key, or a URL's last segment); nil when it names none.
    public static func record(_ value: String, list: String?, byKeys: [String: ByKeysRoute]) -> ItemKey? {
        for (name, route) in byKeys.sorted(by: { $0.key < $1.key }) {
            let template = route.template
            guard let range = template.range(of: ByKeys.placeholder) else { continue }
            let prefix = template[..<range.lowerBound], suffix = template[range.upperBound...]
            guard value.count > prefix.count + suffix.count, value.hasPrefix(prefix), value.hasSuffix(suffix) else { continue }
            let key = value.dropFirst(prefix.count).dropLast(suffix.count)
            guard !key.contains("/"), !key.contains(","), !key.contains("?"), let text = key.removingPercentEncoding else { continue }
            return ItemKey(ItemKind(rawValue: name), Int(text).map(RecordKey.number) ?? .text(text))
        }
        guard let list, let key = key(of: .string(value)) else { return nil }
        if case .text(let text) = key, let number = Int(text) { return ItemKey(ItemKind(rawValue: list), .number(number)) }
        return ItemKey(ItemKind(rawValue: list), key)
    }

    /// The picture `spec` names for `row` in the list at `listURL`: the field's URL, or the
    /// template with each `{field}` filled (percent-encoded), resolved against the list's
    /// URL; nil when a field is missing or the result is no http(s) URL.
    public static func picture(_ spec: String, in row: Row, listURL: URL) -> URL? {
        let text: String
        if SpecTemplate.isTemplate(spec) {
            guard let filled = SpecTemplate(spec).filled(from: row, encode: ByKeys.encoded) else { return nil }
            text = filled
        } else if spec.hasPrefix("/") || spec.hasPrefix("http://") || spec.hasPrefix("https://") {
            text = spec
        } else {
            guard let value = Record.value(at: spec, in: row), value != "null", !value.isEmpty else { return nil }
            text = value
        }
        guard text.utf8.count <= ByKeys.maxURLBytes, let url = URL(string: text, relativeTo: listURL)?.absoluteURL,
              url.scheme == "http" || url.scheme == "https" else { return nil }
        return url
    }
}
