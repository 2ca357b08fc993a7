import PortalEffects
import Synchronization

/// A pane's fetches running, by pane, so `Effect.cancel` stops all of a pane's work when
/// it closes and `Effect.cancelPanePage` stops one page of one of its lists (the pane
/// scrolled far from it), as `cancelPage` stops a tab's page.
final class PaneTasks: Sendable {
    private struct Entry {
        /// The list page it fetches; nil for the pane's item.
        var page: PanePageKey?
        var task: Task<Void, Never>
    }

    private let running = Mutex<[PaneAddress: [Entry]]>([:])

    /// Keeps `task`, fetching `page` (nil: the pane's item) for the pane at `pane`.
    func add(_ task: Task<Void, Never>, pane: PaneAddress, page: PanePageKey?) {
        running.withLock { $0[pane, default: []].append(Entry(page: page, task: task)) }
    }

    /// Stops everything running for the pane at `pane`.
    func cancelAll(_ pane: PaneAddress) {
        let entries = running.withLock { $0.removeValue(forKey: pane) } ?? []
        for entry in entries { entry.task.cancel() }
    }

    /// Stops the fetch of `page` for the pane at `pane`, if one runs.
    func cancel(_ page: PanePageKey, of pane: PaneAddress) {
        let stopped = running.withLock { running -> [Entry] in
            guard let entries = running[pane] else { return [] }
            running[pane] = entries.filter { $0.page != page }
            return entries.filter { $0.page == page }
        }
        for entry in stopped { entry.task.cancel() }
    }
}
