/// A page that was read whole but whose next link cannot be followed: another origin, a
/// link that does not parse (issue 35, item 15).
///
/// Where such a page goes decides what it is. `portal list` prints every item it read,
/// then stops with the reason (a first page whose `next` led to another origin printed
/// nothing, exit 1): its `ListStream` sets `keepsItems` around each fetch, and the page
/// arrives with its items, no `next`, and the reason in `PageContent.stop`. The browser's
/// lists leave it unset, and the page fails whole as before (its error row, `r`), so no
/// list there seems to end where it was only cut, and no reader of pages that does not
/// know `stop` can take such a page for the list's last.
public enum PageStop {
    /// Whether a page whose next link cannot be made keeps its items (see the type).
    @TaskLocal public static var keepsItems = false

    /// The next request as `make` makes it, and no stop; when `make` fails and
    /// `keepsItems` is set, no next request and the failure as the stop (else it is thrown).
    public static func next(_ make: () throws(PageFailure) -> PageRequest?) throws(PageFailure) -> (request: PageRequest?, stop: PageFailure?) {
        do {
            return (try make(), nil)
        } catch {
            guard keepsItems else { throw error }
            return (nil, error)
        }
    }
}
