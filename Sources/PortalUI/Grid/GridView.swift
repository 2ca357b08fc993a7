import PortalCore
import PortalPaging

/// What the grid shows besides its cards.
public enum GridNote: Sendable, Equatable {
    case none
    /// A page is in flight: "loading more…" after the last card, or "loading…" when empty.
    case loading
    /// The list is empty for good; the text says why (e.g. no search matches).
    case empty(String)
    /// The list is empty because its first page failed.
    case failed(String)
}

/// Draws the visible cards of a grid into a rectangle: a pure function of the grid's
/// state, the slots and the rectangle. Each card comes from its item's description,
/// so the grid is the same for every resource; an index whose page is not loaded is a dim
/// placeholder card ("loading…" while its page is in flight). With `pictures`, each loaded
/// card shows its own item's picture (looked up by the item, never by the card's place).
@MainActor
public enum GridView {
    /// How cards find their pictures: the item's picture content, the mode and the store.
    public struct Pictures {
        public var content: (Item) -> PictureView.Content
        public var mode: PictureMode
        public var store: PictureStore

        public init(content: @escaping (Item) -> PictureView.Content, mode: PictureMode, store: PictureStore) {
            self.content = content
            self.mode = mode
            self.store = store
        }
    }

    public static func draw(grid: GridState, slot: (Int) -> SparseSlot<Item>, note: GridNote, pictures: Pictures? = nil,
                            in rect: Rect, into screen: any Screen) {
        guard rect.width > 0, rect.height > 0 else { return }
        if grid.itemCount == 0 {
            let text: String
            var style = Style(dim: true)
            switch note {
            case .none: return
            case .loading: text = "loading…"
            case .empty(let why): text = why
            case .failed(let why):
                text = "could not load: " + why  // a PageFailure message: sanitised when made
                style = Style(foreground: .red)
            }
            screen.draw(text, row: rect.top, column: rect.left + 1, width: rect.width - 1, style: style)
            return
        }
        let cols = grid.columns
        let cardWidth = grid.cardWidth
        let cardHeight = grid.cardHeight
        let range = grid.visibleRange
        for index in range {
            let screenRow = grid.row(of: index) - grid.offsetRows
            let top = rect.top + screenRow * cardHeight
            let left = rect.left + (index % cols) * cardWidth
            let rowsLeft = rect.bottom - top
            guard rowsLeft > 0 else { continue }
            let card: CardContent
            var picture: CardView.Picture?
            switch slot(index) {
            case .item(let item):
                card = item.card
                if let pictures {
                    picture = CardView.Picture(content: pictures.content(item), mode: pictures.mode, store: pictures.store)
                }
            case .placeholder(let loading):
                card = CardView.placeholder(loading: loading)
                if let pictures { picture = CardView.Picture(content: .loading, mode: pictures.mode, store: pictures.store) }
            }
            CardView.draw(card, selected: index == grid.selection, picture: picture, top: top, left: left + 1,
                          width: cardWidth - 2, maxRows: rowsLeft, into: screen)
        }
        if note == .loading {
            // The blank row below the last row of cards, when it is on screen.
            let lastRow = grid.contentRows - 1
            let line = rect.top + (lastRow - grid.offsetRows) * cardHeight + CardView.textRows
            if line >= rect.top, line < rect.bottom {
                screen.draw("loading more…", row: line, column: rect.left + 1, width: rect.width - 1, style: Style(dim: true))
            }
        }
    }
}
