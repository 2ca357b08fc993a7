/// A long value of a detail pane cut into lines of at most `width` display columns, at a
/// space where one falls in the second half of a line (a URL or a token with none is cut
/// anywhere). The text is already sanitised; nothing is dropped but the spaces broken at.
enum WrappedText {
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0, DisplayWidth.of(text) > width else { return [text] }
        var out: [String] = []
        var current: [Character] = []
        var used = 0
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > width, !current.isEmpty {
                var prefix = 0
                var breakAt: Int?
                for (index, c) in current.enumerated() {
                    prefix += DisplayWidth.of(c)
                    if c == " ", prefix >= width / 2 { breakAt = index }
                }
                if let breakAt {
                    out.append(String(current[..<breakAt]))
                    current = Array(current[(breakAt + 1)...])
                } else {
                    out.append(String(current))
                    current = []
                }
                used = current.reduce(0) { $0 + DisplayWidth.of($1) }
            }
            current.append(character)
            used += w
        }
        if !current.isEmpty { out.append(String(current)) }
        return out
    }
}
