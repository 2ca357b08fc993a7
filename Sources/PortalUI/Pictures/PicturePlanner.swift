import PortalCore

/// Which pictures the screen needs, most needed first — the picture half of the planning
/// step that runs after every event. A pure function of what is on screen: the open
/// pane's picture, then the cards on screen in reading order, then the cards within
/// `aheadRows` rows beyond the viewport in the direction of travel. Nothing else: a jump
/// to row 500,000 needs the pictures around row 500,000 and none on the way, and an item
/// whose page is not loaded (a placeholder) needs none until it arrives.
public enum PicturePlanner {
    /// Rows of cards beyond the viewport whose pictures are asked for ahead.
    public static let aheadRows = 2

    /// - Parameters:
    ///   - pane: the item of the pane on screen, if any.
    ///   - cards: the indices of cards on screen (empty when cards show no pictures).
    ///   - ahead: the indices within the prefetch distance, nearest first.
    ///   - item: the loaded item at an index, nil for a placeholder.
    ///   - ticket: an item's picture ticket (from the source's `pictureRequest(for:)`).
    public static func wanted(pane: Item?, cards: Range<Int>, ahead: [Int], item: (Int) -> Item?,
                              ticket: (Item) -> PictureTicket?) -> [PictureTicket] {
        // Sized once: a screen's 20–40 tickets grew both six times on every plan.
        let most = cards.count + ahead.count + 1
        var out: [PictureTicket] = []
        out.reserveCapacity(most)
        var seen: Set<ItemKey> = []
        seen.reserveCapacity(most)
        func add(_ item: Item?) {
            guard let item, !seen.contains(item.id), let ticket = ticket(item) else { return }
            seen.insert(item.id)
            out.append(ticket)
        }
        add(pane)
        for index in cards { add(item(index)) }
        for index in ahead { add(item(index)) }
        return out
    }

    /// The card indices within `aheadRows` rows beyond a grid's viewport, nearest first,
    /// in the direction of travel (down at the top of the list).
    public static func aheadIndices(visible: Range<Int>, columns: Int, count: Int, down: Bool, rows: Int = aheadRows) -> [Int] {
        guard columns > 0, rows > 0, !visible.isEmpty else { return [] }
        let width = Saturating.multiply(columns, rows)
        if down {
            let upper = min(count, Saturating.add(visible.upperBound, width))
            return visible.upperBound < upper ? Array(visible.upperBound..<upper) : []
        }
        let lower = max(0, visible.lowerBound - width)
        return lower < visible.lowerBound ? Array((lower..<visible.lowerBound).reversed()) : []
    }
}
