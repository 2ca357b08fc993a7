/// What the planning step needs to ask for pictures: the tickets the screen needs, most
/// needed first, the symbol renderings each should come with, and the store that knows
/// what is in flight or arrived.
@MainActor
struct PictureNeeds {
    var wanted: [PictureTicket]
    var renderings: (PictureTicket) -> [PictureRendering]
    /// The pane's picture: it must be held whole (`PictureStore.plan(wanted:sharp:)`).
    var sharp: PictureTicket?
    /// The selected card's picture: the one Enter opens in the pane, so it is not cut down
    /// to its card when it leaves the screen's needs (`p`, a pane over the grid).
    var selected: PictureTicket?
    var store: PictureStore
}
