import PortalCore

/// Folding and unfolding the nodes of a generic item's tree (→ l, ← h, Enter on a node):
/// the folds belong to the pane, so Esc back shows it as it was; folding never asks for
/// anything.
extension DetailPane {
    // MARK: Folding

    /// `→ l`: the highlighted node opens (an array cut short shows every element).
    public func unfold(viewRows: Int) {
        guard let node = highlightedStop?.node, node.isFoldable else { return }
        setFold(node.path, open: true, highlighting: node.path, viewRows: viewRows)
    }

    /// `← h`: the highlighted open node folds; on a folded node or a value, its parent
    /// folds and the highlight moves onto it.
    public func fold(viewRows: Int) {
        guard let node = highlightedStop?.node else { return }
        if node.shape == .open {
            setFold(node.path, open: false, highlighting: node.path, viewRows: viewRows)
        } else if let parent = node.parent {
            setFold(parent, open: false, highlighting: parent, viewRows: viewRows)
        }
    }

    /// Whether the highlighted line is a node that folds (Enter then unfolds or folds it).
    public var highlightFolds: Bool { highlightedStop?.node?.isFoldable == true && highlightedTarget == nil }

    /// Enter on a node: a folded one opens, an open one folds.
    func toggleFold(viewRows: Int) {
        guard let node = highlightedStop?.node, node.isFoldable else { return }
        setFold(node.path, open: node.shape != .open, highlighting: node.path, viewRows: viewRows)
    }

    func setFold(_ path: String, open: Bool, highlighting: String, viewRows: Int) {
        folds[path] = open
        let all = stops
        // The node's own row (not its "… more" row), which is the first stop with its path.
        if let index = all.firstIndex(where: { $0.node?.path == highlighting }) {
            highlight = index
            reveal(all[index].line, viewRows: viewRows)
        }
        scroll = clamp(scroll, viewRows: viewRows)
    }

    /// Where `stop` is now; nil for a placeholder, which names no entry (the highlight then
    /// keeps its index: a page that arrives makes one stop of each placeholder).
    func index(of stop: Stop) -> Int? {
        guard stop.target != nil || stop.node != nil else { return nil }
        return stops.firstIndex { $0.target == stop.target && $0.node == stop.node }
    }
}
