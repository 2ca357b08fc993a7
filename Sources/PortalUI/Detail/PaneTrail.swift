import PortalCore
import PortalImage

/// One tab's trail of detail panes, oldest first: Enter on a card starts it, Enter on a
/// link pushes the link's target, Esc pops one, and the pane below is exactly as it was.
///
/// It changes panes and says which running work is no longer wanted (`Effect.cancel`);
/// what a pane needs from the network is the planner's to ask for. Results are applied
/// only to a pane still in the trail: one closed, popped or replaced is gone, and its
/// late answers with it.
@MainActor
public final class PaneTrail {
    /// The panes, oldest first; the last one is on screen.
    public private(set) var panes: [DetailPane] = []

    public init() {}

    /// The pane on screen, if any.
    public var top: DetailPane? { panes.last }

    /// Each pane's name, for the breadcrumb.
    public var crumbs: [String] { panes.map(\.crumb) }

    /// The pane with `address` (shown or kept for Esc), if any.
    public func pane(at address: PaneAddress) -> DetailPane? {
        panes.first { $0.address == address }
    }

    // MARK: Changes

    /// A new trail showing `item` (Enter on a card); the old trail's work is cancelled.
    func open(_ item: Item, at address: PaneAddress) -> [Effect] {
        let cancels = closeAll()
        let pane = DetailPane(address: address, subject: .loaded(item))
        pane.show(item)
        panes = [pane]
        return cancels
    }

    /// Enter on the highlighted link: a pane for its target on top.
    func follow(at address: PaneAddress) {
        guard let target = top?.highlightedLink else { return }
        panes.append(DetailPane(address: address, subject: .loading(target)))
    }

    /// Esc: one step back; the first pane closes.
    func back() -> [Effect] {
        guard let last = panes.popLast() else { return [] }
        return [.cancel(last.address)]
    }

    /// Closes every pane (a new search, a filter, `q` in a pane).
    func closeAll() -> [Effect] {
        defer { panes = [] }
        return panes.map { .cancel($0.address) }
    }

    /// `r` in the pane on screen: a failed item is asked for again in a fresh pane (at
    /// `address`); a failed related list is asked for again in place.
    func retry(freshAddress address: PaneAddress) -> [Effect] {
        guard let pane = top else { return [] }
        switch pane.subject {
        case .failed(let target, _):
            panes[panes.count - 1] = DetailPane(address: address, subject: .loading(target))
            return [.cancel(pane.address)]
        case .loaded:
            pane.retryLists()
            return []
        case .loading:
            return []
        }
    }

    // MARK: Results

    /// Items asked for by the pane at `address`: its subject, or a page of its related
    /// list (in the subject's own order; ids the server did not know are skipped, as the
    /// API skips them). Returns the subject when it arrived complete, so other lists can show it.
    @discardableResult
    func receive(_ purpose: ItemsPurpose, _ result: Result<[Item], PageFailure>, at address: PaneAddress) -> Item? {
        guard let pane = pane(at: address) else { return nil }
        switch (purpose, result) {
        case (.subject, .success(let items)), (.refreshed, .success(let items)):
            guard let item = items.first(where: { $0.id == pane.key }) else {
                pane.failSubject("\(pane.key.kind.rawValue) \(pane.key.id) not found")
                return nil
            }
            pane.show(item)
            return item
        case (.subject, .failure(let failure)), (.refreshed, .failure(let failure)):
            pane.failSubject(failure.message)
        case (.listPage(let page), let result):
            pane.receiveListPage(page, result)
        }
        return nil
    }

}
