import PortalCore
import PortalPaging
import PortalImage

/// Results of asynchronous work, delivered to the UI thread. Each carries the identity of
/// what asked for it (a list address, a pane address) so that results for something no
/// longer shown are dropped.
///
/// The terminal loop never looks inside: it hands each message to the app's `update`.
public enum AppMessage: Sendable {
    /// A page of a list. The ticket carries the list generation too, so a page for a list
    /// that was reset (a new search or filter) is ignored.
    case page(ListAddress, PageTicket, Result<PageContent<Item>, PageFailure>)
    /// The page of `ticket` failed transiently and is being retried automatically after
    /// `wait` (the status line says `retrying…` until the page or a final failure arrives).
    case pageRetrying(ListAddress, PageTicket, attempt: Int, failure: PageFailure, wait: Duration)
    /// Items asked for by id for a pane (its subject, or its related list), in id order;
    /// ids the server did not know are missing.
    case items(PaneAddress, ItemsPurpose, Result<[Item], PageFailure>)
    /// A picture, fetched and decoded off the UI thread, with the ticket it was asked
    /// for: kept under that ticket's item only, and only while it is still in flight.
    /// `rendered`: the symbol cells asked for with it.
    case picture(PictureTicket, PictureOutcome, rendered: [PictureRendering: PictureCells])
    /// The end of a jq run (`Effect.runJQ`), with the run's pane and ticket.
    case jq(PaneAddress, ticket: Int, JQOutcome)
    /// A timer set with `Effect.wakeAfter` is due.
    case woke(Wake)
    /// What an answer other than a page (a picture's, a pane's) said of its origin's rate
    /// limit (`RateBudget`): the status line and the planner follow it as a page's.
    case rate(Origin, RateLimit)
    /// Changes a followed feed pushed for tab `tab`'s list since the last of these (at most
    /// one per display tick; the last change of each key).
    case liveUpdates(tab: Int, [LiveUpdate])
    /// Tab `tab`'s feed opened, is reconnecting, has something to say, or ended.
    case liveStatus(tab: Int, LiveStatus)
}
