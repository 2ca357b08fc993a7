import PortalCore

/// The pane's related list on screen: one row per id from the start (the list's total is
/// exact), each a link to its item — its line once its page arrived, a placeholder like
/// the grid's until then (`loading…` while its page is on its way, `·····` before) — and
/// the count in the pane's field of the same label following the pages that arrived
/// (`Episodes  40 of 51`). Which pages are asked follows the rows on the pane's screen.
extension DetailPane {
    /// The related items, as far as they arrived.
    public var related: Related {
        guard let relatedPages else { return .none }
        let items = relatedPages.loadedItems
        if items.isEmpty, let failure = relatedPages.failure { return .failed(failure.message) }
        return items.isEmpty ? .loading : .loaded(items)
    }

    /// The related entries on the pane's screen: an empty range at 0 while the list is
    /// below it (its first page is asked with the pane all the same).
    var relatedOnScreen: Range<Int> {
        guard let relatedPages, relatedPages.total > 0 else { return 0..<0 }
        _ = lines  // builds them, and with them `relatedFirstLine`
        guard let first = relatedFirstLine else { return 0..<0 }
        let rows = max(1, viewRows)
        let low = min(relatedPages.total, max(0, scroll - first))
        let high = min(relatedPages.total, max(0, scroll + rows - first))
        return low < high ? low..<high : 0..<0
    }

    /// The fields with the count of the related list (the field labelled as the list)
    /// saying how many of its entries arrived: `40 of 51`.
    func countingRelated(_ fields: [DetailField]) -> [DetailField] {
        guard let relatedPages else { return fields }
        let label = relatedPages.list.label
        let shown = "\(relatedPages.loadedCount) of \(relatedPages.total)"
        return fields.map { field in
            guard field.label == label else { return field }
            var counted = field
            counted.value = shown
            return counted
        }
    }

    /// The related list's lines (from `relatedFirstLine` on): one row per entry. A failed
    /// page's rows say so in place (its first `error — r to retry`, its second the
    /// failure's words), so no row moves when a page fails.
    func relatedLines(_ list: RelatedList) -> [Line] {
        let dim = Style(dim: true)
        guard let relatedPages, relatedPages.total > 0 else { return [Line(spans: [Span("no " + list.label.lowercased(), dim)])] }
        return (0..<relatedPages.total).map { index in
            let key = relatedPages.key(at: index)
            switch relatedPages.entries.slot(at: index) {
            case .item(let item):
                return Line(spans: item.relatedLine, link: .item(item.id))
            case .placeholder(let loading):
                return Line(spans: relatedPages.placeholder(at: index, pageSize: relatedPages.pageSize, loading: loading), link: .item(key))
            }
        }
    }
}
