import PortalCore

/// Pictures as the screen sees them: which cards show them, what a card or the pane has,
/// and — for the one planning step (`ScreenPlanner`) — which pictures the screen needs now
/// (`PicturePlanner`), most needed first. No key handler asks for a picture, and a
/// picture's arrival changes no count, order or selection.
extension ScreenController {
    /// Rows a grid needs for cards with pictures to be worth it: two rows of them.
    static let pictureGridMinimumRows = 2 * CardView.pictureCardHeight

    /// Whether `tab`'s cards show pictures: pictures on (`p`), a mode that draws them, a
    /// list whose items have them, and room for two rows of such cards.
    func cardsShowPictures(_ tab: TabState, in layout: Layout) -> Bool {
        guard pictureMode != .off, !symbolsUndrawable, cardPictures, !tab.table.isShown, !layout.isTooSmall,
              layout.grid.height >= Self.pictureGridMinimumRows else { return false }
        return listHasPictures(tab)
    }

    /// A list has pictures once a loaded item names one (its spec's `picture`, its picture
    /// column, on a server the source names): the items in view, or — none of them loaded
    /// yet (a jump in flight) — the first page's, so the layout does not flip while it loads.
    /// No kind of list is known to have them.
    func listHasPictures(_ tab: TabState) -> Bool {
        /// Whether a loaded item of `range` names a picture; nil when none of it is loaded.
        func named(in range: Range<Int>) -> Bool? {
            var loaded = false
            for index in range {
                guard let item = tab.list.item(at: index) else { continue }
                if pictures.ticket(for: item, in: source) != nil { return true }
                loaded = true
            }
            return loaded ? false : nil
        }
        return named(in: tab.grid.visibleRange) ?? named(in: 0..<min(tab.list.count, 20)) ?? false
    }

    /// Items as they arrive, before anything plans or draws them: the picture store learns
    /// a list page's tickets from the requests noted where the page was decoded
    /// (`PageContent.pictures`), so the planning step only looks them up, and
    /// forgets what it remembered for items that come without (their picture may have
    /// changed). A look's page or a page of an old list generation teaches it nothing.
    func notePictureTickets(of message: AppMessage) {
        switch message {
        case .page(let list, let ticket, .success(let page)):
            guard !ListWatch.isLook(list), list.tab < tabs.count, ticket.generation == tabs[list.tab].list.generation else { return }
            // Pictures off: nothing is remembered (what was is forgotten, so `p` finds none stale).
            pictures.rememberTickets(of: page.items, pictures: pictureMode == .off ? nil : page.pictures)
        case .items(_, _, .success(let items)):
            pictures.rememberTickets(of: items, pictures: nil)
        case .page, .items, .pageRetrying, .picture, .jq, .woke, .rate, .liveUpdates, .liveStatus:
            return
        }
    }

    /// What a card or the pane shows for `item`'s picture.
    func pictureContent(for item: Item) -> PictureView.Content {
        guard let ticket = pictures.ticket(for: item, in: source) else { return .absent("no picture") }
        switch pictures.entry(ticket) {
        case .ready: return .ready(ticket)
        case .missing(let why): return .absent(why)
        case .failed(let why): return .absent(why)
        case .requested, nil: return .loading
        }
    }

    /// The picture half of the planning step's input: the pane's picture, the cards on
    /// screen, then the cards just beyond the viewport the way the user is going; nil when
    /// pictures are off (none is asked for).
    var pictureNeeds: PictureNeeds? {
        guard pictureMode != .off, !symbolsUndrawable, started else { return nil }
        let tab = self.tab
        let layout = self.layout
        var cards: Range<Int> = 0..<0
        var ahead: [Int] = []
        let gridShown = !layout.isTooSmall && (pane == nil || layout.isSideBySide)
        let cardsShow = gridShown && cardsShowPictures(tab, in: layout)
        if cardsShow {
            let grid = tab.grid.state
            cards = grid.visibleRange
            ahead = PicturePlanner.aheadIndices(visible: cards, columns: grid.columns, count: grid.itemCount,
                                                down: PageWindow.leadsDown(grid, direction: prefetch.direction))
            ahead = aheadWithinRate(ahead, of: tab)  // none ahead on an origin with little left (+Rates)
        }
        let paneItem = layout.isTooSmall ? nil : pane?.item
        let list = tab.list
        let store = pictures, source = self.source
        let wanted = picturesWithinRate(PicturePlanner.wanted(pane: paneItem, cards: cards, ahead: ahead, item: { list.item(at: $0) },
                                                              ticket: { store.ticket(for: $0, in: source) }))  // pages first (+Rates)
        // Symbols are made with the picture, off the UI thread: a card's slot, and the
        // pane's for the pane's picture.
        var cardRendering: PictureRendering?
        var paneRendering: PictureRendering?
        if let palette = symbolPalette, !pictureMode.drawsPixels {
            if cardsShow { cardRendering = PictureRendering(columns: CardView.pictureColumns, rows: CardView.pictureRows, palette: palette) }
            if let slot = paneSlot { paneRendering = PictureRendering(columns: slot.columns, rows: slot.rows, palette: palette) }
        }
        let paneKey = paneItem?.id
        return PictureNeeds(wanted: wanted, renderings: { ticket in
            [cardRendering, ticket.item == paneKey ? paneRendering : nil].compactMap { $0 }
        }, sharp: paneItem.flatMap { store.ticket(for: $0, in: source) },
        selected: tab.grid.state.selection.flatMap { list.item(at: $0) }.flatMap { store.ticket(for: $0, in: source) }, store: store)
    }

    /// `--pictures symbols` on a screen without 256 colours: nothing to draw them with, so
    /// none is asked for (the pane says so).
    var symbolsUndrawable: Bool { picturing.symbolsUndrawable }

    /// The mode pictures are drawn in this frame: pixels under the help, the filter form or
    /// the go-to prompt would be drawn over them, so while one is open pictures are symbols.
    var drawnPictureMode: PictureMode {
        pictureMode.drawsPixels && (help.isShown || form.isActive) ? .symbols : pictureMode
    }

    /// The pane's picture slot in cells, when a pane is open and has room for one.
    var paneSlot: Size? {
        guard let pane, pane.item != nil else { return nil }
        return DetailView.avatarCells(width: paneTextWidth, height: paneRows).map { Size(columns: $0.columns, rows: $0.rows) }
    }

    /// How the grid's cards find their pictures this frame; nil when cards show none.
    var gridPictures: GridView.Pictures? {
        guard cardsShowPictures(tab, in: layout) else { return nil }
        return GridView.Pictures(content: { [unowned self] in pictureContent(for: $0) }, mode: drawnPictureMode, store: pictures)
    }

    /// How the pane finds its picture; nil when pictures are off or it has none to ask.
    var panePicture: CardView.Picture? {
        guard pictureMode != .off, let item = pane?.item else { return nil }
        if symbolsUndrawable { return CardView.Picture(content: .absent("no colour for pictures"), mode: pictureMode, store: pictures) }
        let content = pictureContent(for: item)
        if case .absent = content, pictures.ticket(for: item, in: source) == nil { return nil }
        return CardView.Picture(content: content, mode: drawnPictureMode, store: pictures)
    }
}
