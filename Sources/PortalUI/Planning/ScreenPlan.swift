import PortalCore
import PortalPaging

/// The planning step's decisions, as values: what to ask for and give up, tab by tab, and
/// the pictures the screen needs. Nothing is marked when a plan is made; the controller
/// applies it (`ScreenController.apply`), which marks each step on the state it names and
/// makes its effects, so a plan made and dropped (or made twice) asks for nothing twice.
struct ScreenPlan {
    var steps: [PlanStep] = []
}

/// One decision of the planning step.
enum PlanStep {
    /// `r` on the tab's failed pages: asked again, or the status line says how long the
    /// server asked to wait.
    case retry(tab: Int)
    /// The tab's list asks for these pages and gives up those far from its viewport;
    /// `showing` is the viewport (pages on it go first, at on-screen priority).
    case pages(tab: Int, SparseList<Item>.SparseAsk, showing: Range<Int>)
    /// What the pane on screen in the tab still needs, each asked for once.
    case pane(tab: Int, PaneAddress, [DetailPane.Need])
    /// `r` on the pane's failed list pages: asked again (`Retry-After` permitting).
    case paneRetry(tab: Int, PaneAddress)
    /// One of the pane's lists (by its number in the pane) asks for these pages and gives
    /// up those far from the pane's screen, as a tab's list does (`pages`).
    case paneList(tab: Int, PaneAddress, list: Int, SparseList<Item>.SparseAsk)
    /// The list watch's look at the tab's first page (its timer was due and the tab can be
    /// looked at now: `ListWatch.canLook`).
    case look(tab: Int)
    /// The pictures the screen needs, most needed first (the store hands out at most a
    /// few at a time and cancels those no longer needed).
    case pictures(PictureNeeds)
}
