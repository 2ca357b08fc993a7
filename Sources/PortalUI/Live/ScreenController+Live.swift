import PortalCore
import PortalPaging

/// Live lists beside the controller (issue 38): a tab follows a feed of its list's
/// changes (`--events URL`, a saved list's `events`), the interpreter runs it
/// (`Effect.followEvents`) and hands over each display tick's changes
/// (`AppMessage.liveUpdates`), which `LiveModel` folds into the tab's list.
extension ScreenController {
    /// Follows each tab's subscription from the start (`--events`, saved lists' `events`).
    @discardableResult
    public func following(_ follows: [Int: LiveSubscription]) -> Self {
        for (tab, subscription) in follows.sorted(by: { $0.key < $1.key }) { following(subscription, tab: tab) }
        return self
    }

    /// Follows `subscription` for tab `tab` (the active one when nil) from the start:
    /// the feed is asked for with the first update.
    @discardableResult
    public func following(_ subscription: LiveSubscription?, tab: Int? = nil) -> Self {
        guard let subscription else { return self }
        let index = tab ?? activeTab
        guard tabs.indices.contains(index) else { return self }
        tabs[index].live = LiveModel(subscription)
        emit([.followEvents(tab: index, subscription)])
        return self
    }

    /// Whether a batch is only pushed changes to records the lists do not hold (far from
    /// the screen): they are noted (their marks kept) and nothing is drawn or planned.
    /// Nil when the batch has anything else, which `update` handles as usual.
    func quietLiveBatch(_ events: [AppEvent]) -> [Effect]? {
        guard !events.isEmpty else { return nil }
        var quiet: [(Int, [LiveUpdate])] = []
        for event in events {
            guard case .message(.liveUpdates(let index, let updates)) = event, tabs.indices.contains(index), tabs[index].live != nil else { return nil }
            let list = tabs[index].list
            guard updates.allSatisfy({ LiveModel.isQuiet($0, in: list) }) else { return nil }
            quiet.append((index, updates))
        }
        for (index, updates) in quiet { _ = tabs[index].live?.apply(updates, to: tabs[index].list, order: .unknown) }
        return []
    }

    /// A live message for a tab (`receive` routes them here).
    func receiveLive(_ message: AppMessage) {
        switch message {
        case .liveUpdates(let index, let updates):
            guard tabs.indices.contains(index), tabs[index].live != nil else { return }
            let tab = tabs[index]
            let creates = updates.contains { $0.kind == .created || $0.kind == .upserted }
            let outcome = tab.live?.apply(updates, to: tab.list, order: creates ? liveOrder(of: tab) : .unknown) ?? .init()
            // The rows put above the selection move it (and the offset) with its record.
            for inserted in outcome.inserted { tab.grid.state.didInsert(at: inserted) }
            if outcome.grew { tab.grid.state.setItemCount(tab.list.count) }
            if !outcome.inserted.isEmpty, let selection = tab.grid.selection, let item = tab.list.item(at: selection) {
                tab.live?.pin = (item.id, selection, tab.grid.state.selectionScreenRow)
            }
            if outcome.grew || outcome.redraw { batch.touchedTabs.insert(index) }
        case .liveStatus(let index, let status):
            guard tabs.indices.contains(index) else { return }
            tabs[index].live?.receive(status)
        default:
            break
        }
    }

    /// After a page arrived: the selection follows its record to where the page put it
    /// (rows created or deleted on the server above it since), while the user has not
    /// moved it since rows were put above it (`LiveModel.pin`).
    func followLive(_ tab: TabState) {
        guard let pin = tab.live?.pin else { return }
        // Where it was put, or the new last card when a page ended the list before it.
        guard tab.grid.selection == min(pin.index, max(0, tab.grid.itemCount - 1)) else {
            tab.live?.pin = nil
            return
        }
        guard let now = tab.list.index(ofID: pin.id), now != pin.index else { return }
        tab.grid.state.selectionMoved(to: now, screenRow: pin.screenRow)
        tab.live?.pin = (pin.id, tab.grid.selection ?? now, pin.screenRow)
    }

    /// The mark on `item`'s card or row in the active tab: a pushed change's, else the
    /// watch's.
    public func shownMark(of item: Item) -> LiveMark? {
        if let mark = tab.live?.marks[item.key] { return mark }
        return mark(of: item).flatMap(LiveMark.init(rawValue:))
    }

    /// Whether any card of the active tab may carry a mark.
    var hasMarks: Bool { watch.marks[activeTab] != nil || tab.live?.marks.isEmpty == false }

    /// The status line's words about the active tab's feed, if it follows one.
    var liveNote: String? { tab.live?.statusText }

    /// The order of `tab`'s rows as portal knows it: what its first page asks the server
    /// (`order=id.desc`, `ordering=-created`, a table's `s`: `SortTerm.terms(in:)`), the
    /// sort asked for when the URL does not say it, else the order of the loaded rows' keys.
    func liveOrder(of tab: TabState) -> LiveOrder {
        let asked = SortTerm.terms(in: source.firstPage(for: tab.query).http.url)
        if !asked.isEmpty { return LiveOrder(asked) }
        if let sort = tab.query.sort { return LiveOrder([SortTerm(field: sort.field, descending: sort.descending)]) }
        return LiveOrder.ofKeys(Self.loadedRows(of: tab))
    }

    /// Some loaded rows of `tab` in index order: the first ones, else those on screen.
    static func loadedRows(of tab: TabState) -> [Item] {
        for range in [0..<min(tab.list.count, 50), tab.grid.visibleRange] {
            let rows = range.compactMap { tab.list.item(at: $0) }
            if rows.count > 1 { return rows }
        }
        return []
    }
}

extension LiveModel {
    /// A change that touches nothing the list holds: an update or deletion of a record
    /// not loaded (an upsert too, unless the whole list is loaded: then it is new).
    static func isQuiet(_ update: LiveUpdate, in list: SparseList<Item>) -> Bool {
        guard list.index(ofID: update.key) == nil else { return false }
        switch update.kind {
        case .updated, .deleted: return true
        case .upserted: return !list.isComplete
        case .created: return false
        }
    }
}
