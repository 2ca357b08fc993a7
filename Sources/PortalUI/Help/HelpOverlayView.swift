/// The `?` overlay: a framed box listing the command table, centred over the screen.
public enum HelpOverlayView {
    public static func lines() -> [[Span]] {
        var out: [[Span]] = []
        for (i, section) in CommandTable.helpSections.enumerated() {
            if i > 0 { out.append([]) }
            out.append([Span(section.title, Style(bold: true))])
            for binding in section.bindings {
                out.append([Span(DisplayWidth.pad(binding.keyLabel, to: 10), Style(foreground: .cyan)), Span(binding.help)])
            }
        }
        return out
    }

    /// Draws the overlay with its content scrolled by `scroll` lines (clamped).
    public static func draw(size: Size, scroll: Int = 0, into screen: any Screen) {
        let all = lines()
        let width = min(size.columns - 2, 60)
        let height = min(size.rows - 2, all.count + 2)
        guard width > 4, height > 2 else { return }
        let first = min(max(0, scroll), max(0, all.count - (height - 2)))
        let content = Array(all.dropFirst(first))
        let top = (size.rows - height) / 2
        let left = (size.columns - width) / 2
        let frame = Style(bold: true)
        let title = " keys "
        let bar = String(repeating: "─", count: width - 2 - DisplayWidth.of(title))
        screen.put("┌" + title + bar + "┐", row: top, column: left, style: frame)
        for i in 0..<(height - 2) {
            let row = top + 1 + i
            screen.put("│", row: row, column: left, style: frame)
            screen.put(String(repeating: " ", count: width - 2), row: row, column: left + 1, style: .plain)
            if i < content.count { screen.draw(content[i], row: row, column: left + 2, width: width - 4) }
            screen.put("│", row: row, column: left + width - 1, style: frame)
        }
        let more = content.count > height - 2
        let bottom = more ? "─ ↓ more " : (first > 0 ? "─ ↑ back " : "")
        let tail = String(repeating: "─", count: max(0, width - 2 - DisplayWidth.of(bottom)))
        screen.put("└" + DisplayWidth.truncate(bottom + tail, to: width - 2) + "┘", row: top + height - 1, column: left, style: frame)
    }
}
