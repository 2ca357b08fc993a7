import PortalCore

/// The table view (`t`) and server-side sorting (`s`/`S`): commands change the tab's
/// `TableState` or start the list over with a sorted `ListQuery`; after every event the
/// table takes its columns from the first item it sees and keeps the selected column on
/// screen, and the first page of a sorted list is checked against the order asked for.
/// Nothing here sorts items itself: a list is only ever in the server's order.
extension ScreenController {
    /// `t`: cards ↔ table for the active tab; the selection stays on its item.
    func toggleTable() {
        tab.table.isShown.toggle()
        relayout()
    }

    /// The rectangle of the table's rows: the grid's, less the header row.
    func tableRows(in layout: Layout) -> (width: Int, height: Int) {
        (layout.grid.width, max(1, layout.grid.height - 1))
    }

    /// `s` (`reversing` false): the server sorts by the selected column, ascending; `s` on
    /// the column already sorted gives the server's own order back. `S`: the same column
    /// the other way round. Where the API has no sort parameter the status line says so
    /// and the list stays as it is. True when the list started over.
    func sortBySelectedColumn(reversing: Bool) -> Bool {
        // A source of several any-API tabs sorts as its active tab's list does.
        guard let style = sortStyle ?? SortStyle.style(for: source, query: tab.query, given: nil) else {
            tab.sortNote = Self.cannotSort(source: source, query: tab.query)
            return false
        }
        followTable()
        guard let field = tab.table.selected?.key else {
            tab.sortNote = "nothing to sort yet"
            return false
        }
        var query = tab.query
        if let current = query.sort, current.field == field {
            query.sort = reversing ? ListSort(field: field, descending: !current.descending, style: style) : nil
        } else {
            query.sort = ListSort(field: field, descending: reversing, style: style)
        }
        apply(query)
        if let sort = query.sort, style != .postgrest { tab.sortToVerify = sort }
        return true
    }

    /// What the status line says when the API cannot sort at all.
    static func cannotSort(source: any Source, query: ListQuery) -> String {
        if SortStyle.isAnyAPIList(source, query: query) {
            return "portal does not know this API's sort parameter (--sort-style \(SortStyle.allCases.map(\.rawValue).sorted().joined(separator: "|")))"
        }
        let title = source.title
        return title.hasSuffix("API") ? "\(title) cannot sort" : "the \(title) API cannot sort"
    }

    /// After every event: the table takes its columns from the first item on screen (the
    /// title's column selected), and, when shown, scrolls its columns to the selected one.
    func followTable() {
        let tab = self.tab
        if tab.table.columns.isEmpty, let item = firstItemShown(in: tab) {
            tab.table.adopt(item.tableColumns(fields: tableFields))
            if let key = Self.titleKey(of: item) { tab.table.selectColumn(key: key) }
            if let sort = tab.query.sort { tab.table.selectColumn(key: sort.field) }
        }
        let layout = self.layout
        guard tab.table.isShown, !layout.isTooSmall else { return }
        let state = tab.grid.state
        let widths = TableView.widths(tab.table, grid: state, slot: tab.listView.slot(at:), sort: tab.query.sort)
        tab.table.scrollToSelected(widths: widths, width: tableRows(in: layout).width - 2)
    }

    private func firstItemShown(in tab: TabState) -> Item? {
        let visible = tab.grid.visibleRange
        let probe = visible.isEmpty ? 0..<min(tab.list.count, 20) : visible
        for index in probe { if let item = tab.list.item(at: index) { return item } }
        return nil
    }

    /// The column a table selects first: the one that names the item.
    private static func titleKey(of item: Item) -> String? {
        item.record.card.spec.layout == .columns ? "name" : item.record.titleKey
    }

    /// After every event: once the first page of a list sorted by a server that may
    /// ignore the parameter is in, its order on the field is checked. Out of order means
    /// the server did not sort: the status line says so and the list goes back to the
    /// server's own order (never sorted here).
    func verifySort() {
        let tab = self.tab
        guard let sort = tab.sortToVerify else { return }
        guard tab.query.sort == sort else { tab.sortToVerify = nil; return }
        let pageSize = tab.list.addressing?.pageSize ?? max(1, tab.list.count)
        var cells: [String] = []
        for index in 0..<min(tab.list.count, pageSize, 100) {
            guard let item = tab.list.item(at: index) else { break }
            cells.append(item.cell(sort.field))
        }
        guard tab.list.item(at: 0) != nil || tab.list.isComplete else { return }  // the first page is not in yet
        tab.sortToVerify = nil
        guard !SortCheck.isOrdered(cells, descending: sort.descending) else { return }
        var query = tab.query
        query.sort = nil
        apply(query)
        let parameters = sort.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        tab.sortNote = "the server ignored \(parameters): its own order again"
    }
}

/// Whether a page came back in the order asked for, judged leniently (a server's
/// collation is its own): in order as numbers, as text, or as text in any case.
enum SortCheck {
    static func isOrdered(_ cells: [String], descending: Bool) -> Bool {
        let values = cells.filter { $0 != "—" && $0 != "null" }
        guard values.count > 1 else { return true }
        let numbers = values.compactMap(Double.init)
        let comparisons: [[String]] = [values, values.map { $0.lowercased() }]
        if numbers.count == values.count, ordered(numbers, descending) { return true }
        return comparisons.contains { ordered($0, descending) }
    }

    private static func ordered<T: Comparable>(_ values: [T], _ descending: Bool) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { descending ? $0 >= $1 : $0 <= $1 }
    }
}
