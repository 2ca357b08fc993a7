import PortalCore

/// The pane's content as lines, built once per change of subject, related list, pages,
/// folds or width (the pane is drawn every frame).
extension DetailPane {
    func buildLines() -> [Line] {
        func plain(_ spans: [Span]) -> Line { Line(spans: spans) }
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
            var fields = content.fields
            for (number, page) in pages.enumerated() {
                if case .json(let json, _) = page { fields += JSONItemDescription.pageFields(json, number: number + 1, folds: folds) }
            }
            let labelWidth = max(10, (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2)
            for field in fields { out += fieldLines(field, labelWidth: labelWidth) }
            switch more {
            case .idle where nextPage != nil:
                out.append(plain([Span("more below — ↓ loads them", Style(dim: true))]))
            case .loading:
                out.append(plain([Span("loading more…", Style(dim: true))]))
            case .failed(let message):
                out.append(plain([Span("error — r to retry", Style(foreground: .red, bold: true))]))
                out.append(plain([Span(message, Style(dim: true))]))
            default:
                break
            }
            guard let list = content.related else { return out }
            out.append(plain([]))
            switch related {
            case .none:
                out.append(plain([Span("no " + list.label.lowercased(), Style(dim: true))]))
            case .loading:
                out.append(plain([Span("loading " + list.label.lowercased() + "…", Style(dim: true))]))
            case .failed(let message):
                out.append(plain([Span("error — r to retry", Style(foreground: .red, bold: true))]))
                out.append(plain([Span(message, Style(dim: true))]))
            case .loaded(let items) where items.isEmpty:
                out.append(plain([Span("no " + list.label.lowercased(), Style(dim: true))]))
            case .loaded(let items):
                for related in items { out.append(Line(spans: related.relatedLine, link: .item(related.id))) }
            }
            return out
        }
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
