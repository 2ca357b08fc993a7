import PortalCore

/// Results of asynchronous work, delivered to the UI thread. Each carries the identity of
/// what asked for it so that results for something no longer shown can be dropped.
///
/// The terminal loop never looks inside: it hands each message to `App.receive(_:)`.
public enum AppMessage: Sendable {
    /// A page of the character list. The ticket carries the list generation, so a page
    /// for a list that was reset (a new search) meanwhile is ignored by the loader.
    case page(PageTicket, Result<PageContent<PortalCore.Character>, PageFailure>)
    /// The episodes of one character for the detail pane. `token` is the detail pane's
    /// generation: a result for a pane that was closed or switched is dropped.
    case episodes(characterID: Int, token: Int, Result<[Episode], PageFailure>)
    /// The avatar of one character for the detail pane, fetched and decoded off the UI
    /// thread; identified like `episodes` (a result for another pane is dropped).
    case avatar(characterID: Int, token: Int, avatarID: Int32, AvatarOutcome)
    /// The page of `ticket` failed transiently and is being retried automatically after
    /// `wait` (the status line says `retrying…` until the page or a final failure arrives).
    case pageRetrying(PageTicket, attempt: Int, failure: PageFailure, wait: Duration)
}
