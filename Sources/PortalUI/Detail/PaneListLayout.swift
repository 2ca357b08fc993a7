import PortalCore

/// A linked list's entries as its pane last laid them out, by index: each entry's tree
/// (its fields), its widest label and its lines at one label width and text width. So a
/// page arriving lays out only its own entries, and a walk of N pages lays each entry out
/// once rather than the whole list again per page (`EndWalksAPanesLinkedListToItsEndTests`: 120 entries in
/// 6 pages, 120 trees built, not 820). The list forgets the entries a page changes
/// (`forget`), and the pane forgets them all when its folds change.
@MainActor
final class PaneListLayout {
    /// One entry laid out.
    struct Entry {
        var fields: [DetailField]
        /// The widest of its labels, in columns.
        var widest: Int
        /// Its lines at `linesWidths`, once drawn.
        var lines: [DetailPane.Line]?
    }

    private var entries: [Int: Entry] = [:]
    /// The label width and text width the entries' `lines` were made at.
    private var linesWidths: (label: Int, text: Int)?
    /// Entry trees built so far (each an entry laid out).
    private(set) var treesBuilt = 0

    /// Entry `index`, its tree built by `tree` unless it is known.
    func entry(_ index: Int, tree: () -> [DetailField]) -> Entry {
        if let known = entries[index] { return known }
        treesBuilt += 1
        let fields = tree()
        let entry = Entry(fields: fields, widest: fields.reduce(0) { max($0, DisplayWidth.of($1.label)) })
        entries[index] = entry
        return entry
    }

    /// Entry `index`'s lines at `labelWidth` and `textWidth` (made by `make` from its
    /// fields unless known at those widths); the entry must have been laid out (`entry`).
    func lines(_ index: Int, labelWidth: Int, textWidth: Int, make: ([DetailField]) -> [DetailPane.Line]) -> [DetailPane.Line] {
        if linesWidths.map({ $0.label != labelWidth || $0.text != textWidth }) ?? true {
            for key in entries.keys { entries[key]?.lines = nil }
            linesWidths = (labelWidth, textWidth)
        }
        guard var entry = entries[index] else { return make([]) }
        if let lines = entry.lines { return lines }
        let lines = make(entry.fields)
        entry.lines = lines
        entries[index] = entry
        return lines
    }

    /// The entries at `indices` changed (a page arrived, or was dropped).
    func forget(_ indices: Range<Int>) {
        if indices.count > entries.count {
            entries = entries.filter { !indices.contains($0.key) }
        } else {
            for index in indices { entries[index] = nil }
        }
    }

    /// Every entry changed (the pane's folds).
    func forgetAll() {
        entries = [:]
    }
}
