/// What the planning step needs to ask for pictures: the tickets the screen needs, most
/// needed first, the symbol renderings each should come with, and the store that knows
/// what is in flight or arrived.
@MainActor
struct PictureNeeds {
    var wanted: [PictureTicket]
    var renderings: (PictureTicket) -> [PictureRendering]
    /// The pane's picture: it must be held whole (`PictureStore.plan(wanted:sharp:)`).
    var sharp: PictureTicket?
    var store: PictureStore
}
