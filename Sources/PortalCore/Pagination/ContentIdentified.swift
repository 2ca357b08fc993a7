/// An item that may have no identity of its own: a JSON object without `id`, whose id in
/// the list is only its position. Its content is then what tells a new item from one seen
/// before.
///
/// Why: "a page that brought nothing new" was judged by ids, and a position is new on
/// every page, so a server that ignores `page` (the same items every time) or a `next` that
/// goes round never looked like one: `portal list` printed the same lines thousands of
/// times. `ListLoader` reads this where the item provides it.
public protocol ContentIdentified {
    /// A key of the item's content when its id is only a position; nil when the item has
    /// an id of its own (the id then decides).
    var contentKey: Int? { get }
}
