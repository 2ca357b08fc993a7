import PortalCore

/// The pane's content as lines, built once per change of subject, related list, list,
/// folds or width (the pane is drawn every frame).
extension DetailPane {
    func buildLines() -> [Line] {
        func plain(_ spans: [Span]) -> Line { Line(spans: spans) }
        relatedFirstLine = nil
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
            let fields = list.map { listFields($0, count: content.fields.first) } ?? countingRelated(content.fields)
            let labelWidth = max(10, (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2)
            for field in fields { out += fieldLines(field, labelWidth: labelWidth) }
            if let list {
                if let failure = list.failure, failure.kind == .refusedNext {
                    // The walk's end, as the grid's guard decided it (a `next` going round).
                    out.append(plain([Span(failure.message, Style(dim: true))]))
                } else if let failure = list.failure {
                    out.append(plain([Span("error — r to retry", Style(foreground: .red, bold: true))]))
                    out.append(plain([Span(failure.message, Style(dim: true))]))
                } else if list.isLoading {
                    out.append(plain([Span("loading more…", Style(dim: true))]))
                } else if list.nextPage != nil {
                    out.append(plain([Span("more below — ↓ loads them", Style(dim: true))]))
                }
            }
            guard let list = content.related else { return out }
            out.append(plain([]))
            let related = relatedLines(list)
            relatedFirstLine = relatedPages.map { out.count + related.count - $0.total }
            return out + related
        }
    }

    /// A linked list's rows: its count (the first page's words, counting the entries
    /// loaded: `12 of 12 items` once the second page of 6 arrived), then every entry
    /// loaded, each a folded node and a link to its `url` (rows of `listChunk` entries,
    /// node paths under `e<first entry>`, so a fold stays with its entry as pages arrive).
    func listFields(_ list: PaneList, count: DetailField?) -> [DetailField] {
        var fields = count.map { [Self.counting($0, loaded: list.entries.count)] } ?? []
        guard case .json(let page, _)? = item else { return fields }
        for chunk in list.rows(chunk: Self.listChunk) {
            fields += JSONTree.fields(chunk, linkOrigin: page.card.linkOrigin, folds: folds, page: true, prefix: "e\(chunk.position)")
        }
        return fields
    }

    /// `field` (a list page's `20 of 51 items`) with its leading number the entries loaded.
    static func counting(_ field: DetailField, loaded: Int) -> DetailField {
        let digits = field.value.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return field }
        var counted = field
        counted.value = String(loaded) + field.value.dropFirst(digits.count)
        return counted
    }

    /// Entries per row handed to the tree (which draws at most `JSONTree.maxRows` rows
    /// from one row).
    static let listChunk = 100

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
