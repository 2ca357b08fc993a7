import Foundation

/// Datasette's sort parameters (`SortStyle.datasette`), cleared before a new order is set,
/// because Datasette refuses `_sort` and `_sort_desc` together (`Cannot use _sort and
/// _sort_desc at the same time`) — a URL given with `_sort_desc=name` sorted ascending must
/// lose it. (Which lists are Datasette's: `AnyAPISource.guessedSortStyle`.)
enum DatasetteSort {
    /// `url` without `_sort` or `_sort_desc`.
    static func clearing(_ url: URL) -> URL {
        let unsorted = QueryEdit.removing(url, "_sort").flatMap { QueryEdit.removing($0, "_sort_desc") }
        return unsorted ?? url
    }
}
