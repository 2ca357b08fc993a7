import PortalJSON
/// Items of any API as `Row`s: an object's fields become columns in the served order
/// (scalars as values, nested arrays and objects as their JSON text), and the row keeps
/// the item's JSON exactly as served. An array of arrays beside a `columns` list
/// (Datasette's default shape) is read as objects with those names — its JSON too, so
/// `--json`, `--jq` and CSV see `{"id":1,"name":…}`; any other value is a
/// row of one column, `value`. A JSON:API resource object's `attributes` are read as its
/// own fields (after `id` and `type`); its JSON stays as served.
public enum JSONItems {
    public static func rows(_ list: [JSONSpan], columns: [String]?, firstPosition: Int) -> [Row] {
        list.enumerated().map { offset, span in
            row(span, columns: columns, position: firstPosition + offset)
        }
    }

    public static func row(_ span: JSONSpan, columns names: [String]?, position: Int) -> Row {
        var columns: [(name: String, value: Row.Value)] = []
        var json = span.text
        switch span.node {
        case .object(let fields):
            for field in fields.prefix(RowReader.maxColumns) {
                // A JSON:API resource object: its attributes are the item's fields.
                if field.key == "attributes", let inner = field.value.node.fields, fields.contains(where: { $0.key == "type" }) {
                    for attribute in inner.prefix(RowReader.maxColumns) where attribute.key != "id" {
                        columns.append((attribute.key, value(attribute.value)))
                    }
                } else {
                    columns.append((field.key, value(field.value)))
                }
            }
        case .array(let cells) where names != nil:
            let pairs = Array(zip(names ?? [], cells))
            for (name, cell) in pairs { columns.append((name, value(cell))) }
            // `--json`, `--jq` and CSV read the item's JSON: the object the names make.
            var writer = JSONWriter()
            writer.beginObject()
            for (name, cell) in pairs {
                writer.key(name)
                writer.raw(cell.text.utf8)
            }
            writer.endObject()
            json = writer.string
        default:
            columns = [("value", value(span))]
        }
        let id = columns.first { $0.name == "id" }.map { $0.value.description } ?? "#\(position)"
        return Row(id: id, columns: columns, json: json, position: position)
    }

    static func value(_ span: JSONSpan) -> Row.Value {
        switch span.node {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let text): .number(text)
        case .string(let s): .string(s)
        case .array, .object: .json(span.text)
        }
    }

    /// The column names of rows written as arrays: a `columns` array of strings beside
    /// the items (Datasette), else nil.
    public static func columnNames(in root: JSONNode, beside items: [String]) -> [String]? {
        let parent = items.isEmpty ? nil : root.at(Array(items.dropLast()))
        guard let list = parent?["columns"]?.elements else { return nil }
        let names = list.compactMap(\.node.string)
        return names.count == list.count ? names : nil
    }
}
