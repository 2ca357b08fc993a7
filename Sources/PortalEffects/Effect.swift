import Foundation
import PortalCore
import PortalPaging

/// Which list asked: the tab and the list's generation (bumped by every search or filter
/// change). A page for a generation that is gone is dropped.
public struct ListAddress: Sendable, Hashable, CustomStringConvertible {
    public var tab: Int
    public var generation: Int

    public init(tab: Int, generation: Int) {
        self.tab = tab
        self.generation = generation
    }

    public var description: String { "tab \(tab) gen \(generation)" }
}

/// Which detail pane asked: its tab, the tab's list generation when it opened, and the
/// pane's own token (new for every pane opened, followed or restored). A result whose
/// pane is not the one on screen is dropped.
public struct PaneAddress: Sendable, Hashable, CustomStringConvertible {
    public var tab: Int
    public var generation: Int
    public var token: Int

    public init(tab: Int, generation: Int, token: Int) {
        self.tab = tab
        self.generation = generation
        self.token = token
    }

    public var description: String { "tab \(tab) gen \(generation) pane \(token)" }
}

/// Why items are asked for by id: the item a pane shows (a followed link to something not
/// at hand) or the list under it (episodes, characters, residents).
public enum ItemsPurpose: Sendable, Hashable {
    case subject
    /// `R` in a pane: the item again, asked past the caches (revalidated).
    case refreshed
    /// A page of one of the pane's lists (its related list, the linked list it shows),
    /// with the list's ticket for it, so the answer finds its list and page.
    case listPage(PaneListPage)
}

/// A page asked for by one of a pane's lists: which list (its number in the pane, new for
/// every list the pane makes — `R` on an item whose ids changed makes a new one, so an
/// answer for the list it replaced is dropped) and the list's ticket for the page (whose
/// generation and request the list checks, as the grid's list checks a page's).
public struct PaneListPage: Sendable, Hashable, CustomStringConvertible {
    public var list: Int
    public var ticket: PageTicket

    public init(list: Int, ticket: PageTicket) {
        self.list = list
        self.ticket = ticket
    }

    /// The fetch's name for `Effect.cancelPanePage`.
    public var key: PanePageKey { PanePageKey(list: list, page: ticket.request.index) }

    public var description: String { "list \(list) page \(ticket.request.index + 1)" }
}

/// A pane list's page fetch by list and page index: what `Effect.cancelPanePage` names
/// (the ticket's request may carry a revalidate mark the list's own copy does not).
public struct PanePageKey: Sendable, Hashable {
    public var list: Int
    public var page: Int

    public init(list: Int, page: Int) {
        self.list = list
        self.page = page
    }
}

/// How much the screen needs a page: the pages on screen go ahead of every prefetch, and
/// among waiting requests the newest first (the screen the user is looking at now).
public enum FetchPriority: Int, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Prefetch beyond the viewport.
    case nearby = 0
    /// What a detail pane shows (its item, its related list).
    case pane = 1
    /// A page with cards on screen.
    case onScreen = 2

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .nearby: "nearby"
        case .pane: "pane"
        case .onScreen: "on screen"
        }
    }
}

/// Work the update function asks for, as a value. The UI never performs I/O: it returns
/// these, an interpreter outside PortalUI (which owns the transport, the caches and the
/// clock) runs each off the UI thread and answers with an `AppMessage`.
///
/// Tests read the effects an update returns instead of faking a runner.
public enum Effect: Sendable, Equatable, CustomStringConvertible {
    /// Fetch the page of `ticket` for the list at `list`, whose query is `query`.
    case fetchPage(ListAddress, PageTicket, ListQuery, FetchPriority)
    /// The page `request` of the list at `list` left the prefetch window while in flight:
    /// stop it (waiting or running); its result, if any, is dropped by the list anyway.
    case cancelPage(ListAddress, PageRequest)
    /// Fetch items of `kind` by id, in one request, for the pane at `pane`.
    case fetchItems(PaneAddress, ItemsPurpose, ItemKind, ids: [RecordKey])
    /// Fetch what a followed link names (any API: a URL in an item, or a linked list's
    /// next page) for the pane at `pane`; answered as `AppMessage.items` with one item.
    case fetchLink(PaneAddress, ItemsPurpose, ItemLink)
    /// Fetch and decode the picture of `ticket` (an item's avatar, sprite or image column);
    /// asked for only by the planning step, for what is on screen or about to be.
    /// `renderings`: the symbol cells to make with it, off the UI thread.
    case fetchPicture(PictureTicket, renderings: [PictureRendering])
    /// The picture of `ticket` is no longer needed (its card left the screen): its fetch
    /// may stop; an answer that still comes is dropped.
    case cancelPicture(PictureTicket)
    /// The pane is gone: work still running for it may stop (its result would be dropped).
    case cancel(PaneAddress)
    /// A page of one of the pane's lists left the pane's screen while in flight (the
    /// pane's `cancelPage`): its fetch may stop; an answer that still comes is dropped.
    case cancelPanePage(PaneAddress, PanePageKey)
    /// Leave the program (the loop restores the terminal).
    case quit
    /// `y` / `Y`: put these bytes (an item's JSON, or its URL) on the clipboard. The
    /// terminal layer writes them as one OSC 52 sequence, base64-encoded, so no byte of a
    /// server's text reaches the terminal raw; the interpreter ignores it.
    case copyToClipboard(Data)
    /// `o`: open this http(s) page with `$BROWSER` or `xdg-open`, never through a shell
    /// (the terminal layer spawns it, output discarded, not waited for); the interpreter
    /// ignores it.
    case openURL(URL)
    /// `|` in a pane: run a jq program on the pane's item, off the UI thread; answered as
    /// `AppMessage.jq` (a run that never ends never answers: libjq cannot be stopped).
    case runJQ(JQRun)
    /// A timer: answer `AppMessage.woke(wake)` once `after` has passed.
    case wakeAfter(Duration, Wake)
    /// Follow the changes a server pushes for tab `tab`'s list (`--events`, a saved list's
    /// `events`): answered by `AppMessage.liveUpdates` (coalesced per display tick) and
    /// `.liveStatus`, until `stopEvents` or quit. One feed per tab; a new one replaces it.
    case followEvents(tab: Int, LiveSubscription)
    /// Stop following tab `tab`'s feed.
    case stopEvents(tab: Int)

    public var description: String {
        switch self {
        case .fetchPage(let list, let ticket, let query, let priority): "fetchPage(\(list), \(ticket.request), \(query), \(priority))"
        case .cancelPage(let list, let request): "cancelPage(\(list), \(request))"
        case .fetchItems(let pane, let purpose, let kind, let ids): "fetchItems(\(pane), \(purpose), \(kind), \(ids.count) ids)"
        case .fetchLink(let pane, let purpose, _): "fetchLink(\(pane), \(purpose))"
        case .fetchPicture(let ticket, _): "fetchPicture(\(ticket))"
        case .cancelPicture(let ticket): "cancelPicture(\(ticket))"
        case .cancel(let pane): "cancel(\(pane))"
        case .cancelPanePage(let pane, let key): "cancelPanePage(\(pane), list \(key.list) page \(key.page + 1))"
        case .quit: "quit"
        case .copyToClipboard(let data): "copyToClipboard(\(data.count) bytes)"
        case .openURL(let url): "openURL(\(url.absoluteString))"
        case .runJQ(let run): "runJQ(\(run))"
        case .wakeAfter(let after, let wake): "wakeAfter(\(after), \(wake))"
        case .followEvents(let tab, let subscription): "followEvents(tab \(tab), \(subscription))"
        case .stopEvents(let tab): "stopEvents(tab \(tab))"
        }
    }
}

/// Runs effects outside the UI and brings each result back to the UI thread as a
/// message. The terminal wires the interpreter to its mailbox and wake-up pipe.
public protocol EffectPerformer: Sendable {
    /// Starts `effect`; every message it produces (interim ones such as a retry note, then
    /// its result) is handed to `deliver`, from any thread.
    func perform(_ effect: Effect, deliver: @escaping @Sendable (AppMessage) -> Void)
    /// The effects running now (begun in `perform`, ended after their last message).
    var activity: EffectActivity { get }
}
