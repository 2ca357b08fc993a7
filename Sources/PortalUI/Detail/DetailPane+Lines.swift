import PortalCore

/// The pane's content as lines, built once per change of subject, related list, list,
/// folds or width (the pane is drawn every frame).
extension DetailPane {
    func buildLines() -> [Line] {
        func plain(_ spans: [Span]) -> Line { Line(spans: spans) }
        relatedFirstLine = nil
        listEntryLines = []
        switch subject {
        case .loading(let target):
            return [plain([Span("loading \(Self.name(of: target))…", Style(dim: true))])]
        case .failed(_, let message):
            return [plain([Span("error — r to retry", Style(foreground: .red, bold: true))]),
                    plain([Span(message, Style(dim: true))])]
        case .loaded(let item):
            let content = item.detail(folds: folds)
            var out: [Line] = [plain([Span(content.title, Style(bold: true))])]
            if let badge = content.badge { out.append(plain(badge)) }
            out.append(plain([]))
            if let list {
                out += listLines(list, count: content.fields.first, from: out.count)
            } else {
                let fields = countingRelated(content.fields)
                let labelWidth = max(10, (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2)
                for field in fields { out += fieldLines(field, labelWidth: labelWidth) }
            }
            guard let list = content.related else { return out }
            out.append(plain([]))
            let related = relatedLines(list)
            relatedFirstLine = relatedPages.map { out.count + related.count - $0.total }
            return out + related
        }
    }

    /// A linked list's lines, from line `first` on: its count (the first page's words,
    /// counting the entries loaded: `12 of 12 items` once the second page of 6 arrived),
    /// then every entry — loaded, a folded node and a link to its `url` (node paths under
    /// `e<entry>`, so a fold stays with its entry as pages arrive); not loaded (an
    /// addressable list), a placeholder as the grid's — then where a walk stands. Each
    /// entry's first line is kept (`listEntryLines`) for the entries on screen.
    func listLines(_ list: PaneList, count: DetailField?, from first: Int) -> [Line] {
        let countFields = count.map { [Self.counting($0, loaded: list.loadedCount)] } ?? []
        let origin = item?.record.card.linkOrigin
        // Each entry laid out once (`PaneListLayout`), or nil for a placeholder.
        let laidOut: [PaneListLayout.Entry?] = (0..<list.entries.count).map { index in
            guard let entry = list.entries.item(at: index)?.record else { return nil }
            return list.layout.entry(index) {
                let row = Row(id: "#\(index)", columns: entry.row.columns, json: "", position: index)
                return JSONTree.fields(row, linkOrigin: origin, folds: folds, page: true, prefix: "e\(index)")
            }
        }
        let widest = laidOut.reduce(countFields.reduce(0) { max($0, DisplayWidth.of($1.label)) }) { max($0, $1?.widest ?? 0) }
        let labelWidth = max(10, widest + 2)
        var out = countFields.flatMap { fieldLines($0, labelWidth: labelWidth) }
        var starts: [Int] = []
        starts.reserveCapacity(laidOut.count)
        for (index, entry) in laidOut.enumerated() {
            starts.append(first + out.count)
            if entry != nil {
                out += list.layout.lines(index, labelWidth: labelWidth, textWidth: textWidth) { fields in
                    fields.flatMap { fieldLines($0, labelWidth: labelWidth) }
                }
            } else if case .placeholder(let loading) = list.entries.slot(at: index) {
                out.append(Line(spans: list.placeholder(at: index, pageSize: list.pageSize, loading: loading), holdsPlace: true))
            }
        }
        listEntryLines = starts
        return out + walkLines(list)
    }

    /// Where a walked list stands, under its entries: its end as the guard decided it, a
    /// failed page, the next page on its way, or more to come.
    func walkLines(_ list: PaneList) -> [Line] {
        let dim = Style(dim: true)
        if let failure = list.failure, failure.kind == .refusedNext {
            // The walk's end, as the grid's guard decided it (a `next` going round).
            return [Line(spans: [Span(failure.message, dim)])]
        }
        if let failure = list.failure, !list.entries.isAddressable {
            return [Line(spans: [Span("error — r to retry", Style(foreground: .red, bold: true))]), Line(spans: [Span(failure.message, dim)])]
        }
        if list.isLoading { return [Line(spans: [Span("loading more…", dim)])] }
        if list.hasMore { return [Line(spans: [Span("more below — ↓ loads them", dim)])] }
        return []
    }

    /// `field` (a list page's `20 of 51 items`) with its leading number the entries loaded.
    static func counting(_ field: DetailField, loaded: Int) -> DetailField {
        let digits = field.value.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return field }
        var counted = field
        counted.value = String(loaded) + field.value.dropFirst(digits.count)
        return counted
    }

    /// A field's line, or its lines when a long value wraps at the pane's width (the
    /// continuation lines under the value, the link and node on the first).
    func fieldLines(_ field: DetailField, labelWidth: Int) -> [Line] {
        let label = Span(DisplayWidth.pad(field.label, to: labelWidth), Style(dim: true))
        var style = field.valueStyle
        if field.link != nil {
            style.foreground = .cyan
            style.underline = true
        }
        let valueWidth = textWidth - labelWidth
        let parts = field.wraps && valueWidth >= 8 ? WrappedText.lines(field.value, width: valueWidth) : [field.value]
        let indent = Span(String(repeating: " ", count: labelWidth))
        return parts.enumerated().map { index, part in
            index == 0 ? Line(spans: [label, Span(part, style)], link: field.link, node: field.node)
                : Line(spans: [indent, Span(part, style)])
        }
    }
}
