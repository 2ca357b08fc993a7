import Foundation

/// Datasette's sort parameters (`SortStyle.datasette`): told by the answer a table's JSON
/// gives (`rows` at a `….json` path: Datasette's default `arrays` shape and `_shape=objects`
/// alike), and cleared before a new order is set, because Datasette refuses `_sort` and
/// `_sort_desc` together (`Cannot use _sort and _sort_desc at the same time`) — a URL given
/// with `_sort_desc=name` sorted ascending must lose it.
enum DatasetteSort {
    static func recognises(_ pages: AnyAPIPages) -> Bool {
        pages.reading.items == ["rows"] && pages.url.path.lowercased().hasSuffix(".json")
    }

    /// `url` without `_sort` or `_sort_desc`.
    static func clearing(_ url: URL) -> URL {
        let unsorted = QueryEdit.removing(url, "_sort").flatMap { QueryEdit.removing($0, "_sort_desc") }
        return unsorted ?? url
    }
}
