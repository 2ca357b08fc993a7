import PortalImage

/// What the store keeps of pictures the screen no longer needs: only their cards, within
/// the byte budget, least recently needed going first past it. A card coming back on
/// screen is drawn from what was kept and asks for nothing; the pane, which draws a
/// picture large, asks for the whole picture again when only its card was kept.
extension PictureStore {
    /// `plan(wanted:)`, the pane's picture (`sharp`) first made whole: when only its card
    /// is kept it is forgotten, so it is asked for again (the interpreter's memory cache or
    /// the disk cache answers, not the network) and the pane draws the decoded pixels.
    ///
    /// `selected`, the selected card's picture, is kept whole too while it is selected (the
    /// picture Enter opens: cutting it to its card when the cards' pictures go, `p`, made
    /// Enter ask for it again).
    public func plan(wanted: [PictureTicket], sharp: PictureTicket?, selected: PictureTicket? = nil) -> Plan {
        keptWhole = selected
        if let sharp {
            if case .ready(let kept) = entries[sharp], !kept.isFull { forget(sharp) }
            lastSharp = sharp
        }
        return plan(wanted: wanted)
    }

    /// Bytes held for pictures off screen, which the budget bounds: everything but the
    /// whole pictures (the screen's, kept whatever the budget says, and the last pane's).
    public var offScreenBytes: Int { bytes - fullBytes }

    /// Failures not needed now are forgotten (so they are asked again when they come back);
    /// whole pictures not needed now keep only their card (but the last pane's); past the
    /// byte budget, the least recently needed go (down to three quarters of it).
    func forgetStale(needed: Set<PictureTicket>) {
        if !failures.isEmpty {
            for ticket in failures where !needed.contains(ticket) { forget(ticket) }
        }
        var droppedPixels = 0
        if !full.isEmpty {
            var leaving: [PictureTicket] = []
            for ticket in full where !needed.contains(ticket) && ticket != lastSharp && ticket != keptWhole { leaving.append(ticket) }
            for ticket in leaving { droppedPixels += keepOnlyCard(ticket) }
        }
        // Cheap test first: the walk below only when the budget is exceeded.
        if offScreenBytes > maxBytes { droppedPixels += dropLeastRecentlyNeeded(needed: needed) }
        // Pixels freed on the pool's threads stay in their arenas unless handed back.
        pixelsDroppedSinceRelease += droppedPixels
        if pixelsDroppedSinceRelease >= PictureBudget.releaseAfterBytes {
            pixelsDroppedSinceRelease = 0
            PictureBudget.releaseFreedMemoryInBackground()
        }
    }

    /// Replaces a whole picture by what its card needs: its card's symbol cells when a card
    /// was drawn in symbols, else its pixels scaled to a card. Returns the pixel bytes freed.
    private func keepOnlyCard(_ ticket: PictureTicket) -> Int {
        full.remove(ticket)
        guard case .ready(let kept) = entries[ticket], kept.isFull, let picture = kept.pixels else { return 0 }
        fullBytes -= picture.byteCount
        pictureBytes -= picture.byteCount
        var cardDrawn = false
        if var own = drawings[ticket] {
            for (rendering, drawing) in own where !Self.isCard(rendering) {
                own[rendering] = nil
                renderingBytes -= drawing.byteEstimate
            }
            cardDrawn = !own.isEmpty
            drawings[ticket] = own.isEmpty ? nil : own
        }
        let cardPixels = cardDrawn ? nil : Self.cardPixels(of: picture)
        if !cardDrawn, cardPixels == nil {
            // Nothing to draw its card from: forgotten (asked for again if it comes back).
            entries[ticket] = nil
            dropHolder(ticket)
            lastNeeded[ticket] = nil
            return picture.byteCount
        }
        entries[ticket] = .ready(KeptPicture(cardOf: picture, cardPixels: cardPixels))
        let cardBytes = cardPixels?.byteCount ?? 0
        pictureBytes += cardBytes
        return picture.byteCount - cardBytes
    }

    /// `picture` scaled to fit a card's pixels (`PictureBudget.cardPixelSide`), its aspect
    /// ratio kept; itself when it is no larger.
    nonisolated static func cardPixels(of picture: Picture) -> Picture? {
        let side = PictureBudget.cardPixelSide
        let longest = max(picture.width, picture.height)
        guard longest > side else { return picture }
        let width = max(1, (picture.width * side + longest / 2) / longest)
        let height = max(1, (picture.height * side + longest / 2) / longest)
        return picture.scaled(width: width, height: height)
    }

    /// Drops pictures not needed now, least recently needed first, until what is held off
    /// screen is three quarters of the budget (so the walk is not made again at the next
    /// event: the screen keeps moving into the budget a few pictures at a time). Returns
    /// the pixel bytes freed.
    private func dropLeastRecentlyNeeded(needed: Set<PictureTicket>) -> Int {
        var idle: [(ticket: PictureTicket, step: Int)] = []
        for (ticket, entry) in entries where !needed.contains(ticket) {
            switch entry {
            case .failed, .requested: break
            case .ready, .missing: idle.append((ticket, lastNeeded[ticket] ?? 0))
            }
        }
        let target = maxBytes - maxBytes / 4
        idle.sort { $0.step < $1.step }
        var droppedPixels = 0
        var index = 0
        while index < idle.count, offScreenBytes > target {
            droppedPixels += forget(idle[index].ticket)
            index += 1
        }
        return droppedPixels
    }

    /// Forgets everything about `ticket`: its entry, what is kept of it, when it was last
    /// needed. Returns the pixel bytes freed.
    @discardableResult
    func forget(_ ticket: PictureTicket) -> Int {
        var pixels = 0
        if case .ready(let kept) = entries[ticket] {
            pixels = kept.byteCount
            pictureBytes -= pixels
            if kept.isFull {
                fullBytes -= pixels
                full.remove(ticket)
            }
        }
        if let own = drawings.removeValue(forKey: ticket) {
            renderingBytes -= own.values.reduce(0) { $0 + $1.byteEstimate }
        }
        failures.remove(ticket)
        entries[ticket] = nil
        dropHolder(ticket)
        lastNeeded[ticket] = nil
        return pixels
    }
}
