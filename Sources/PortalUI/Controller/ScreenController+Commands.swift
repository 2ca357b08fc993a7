import PortalCore

/// Key routing: each command of the command table goes to the model whose it is — the
/// grid, the table, the trail of panes, a prompt, the help, the watch — and the root maps
/// the outcome that model reports (start the list over, open a card, lay out again).
/// Nothing here fetches: the planner runs after every batch of events.
extension ScreenController {
    /// Performs `command` (from `key`); true when the viewport jumped rather than scrolled
    /// (Home, End, `:N`, a tab switch, a list started over), so the prefetch distance
    /// starts from rest.
    func perform(_ command: Command, key: KeyInput) -> Bool {
        notice = nil  // what the last y / Y / o / w said lasts until the next key
        // Only End keeps the pane's highlight on the end of a list walking to it.
        if command != .detailBottom { pane?.stopFollowingListEnd() }
        switch tab.table.update(command) {
        case .ignored: break
        case .changed: return false
        case .toggled: relayout(); return false
        case .sort(let reversing): return sortBySelectedColumn(reversing: reversing)
        }
        switch grid.state.update(command) {
        case .ignored: break
        case .moved: return false
        case .jumped: return true
        case .walkToEnd:
            tab.list.startWalk()
            return true
        case .stopWalk:
            tab.list.stopWalk()
            return false
        case .open:
            grid.activate()  // the delegate chain opens the pane (ItemListViewDelegate)
            return false
        }
        let trail = tab.trail.update(command, rows: paneRows, fresh: { newPaneAddress(in: tab) })
        if trail.handled {
            emit(trail.effects)
            if trail.relayout { relayout() } else if trail.clamp { pane?.clampScroll(viewRows: paneRows) }
            return false
        }
        return performOther(command, key: key)
    }

    /// The commands no model below the root takes alone: opening a prompt, tabs, the
    /// item's actions, and the editing keys of whichever prompt is open.
    private func performOther(_ command: Command, key: KeyInput) -> Bool {
        switch command {
        case .goToCard: goTo.begin()
        case .search: if tab.spec.searchKey != nil { search.begin() }
        case .filter: form.begin(tab.spec, query: tab.query)
        case .filterPane: beginPaneFilter()
        case .retry: tab.wantsRetry = true
        case .refresh:
            // R: the pane's item past the caches, or the list again from the top
            // (ListRefresh); the planner asks.
            if let pane { pane.refresh() } else { tab.refresh() }
        case .togglePictures:
            cardPictures.toggle()
            relayout()
        case .copyItem: copyItemJSON()
        case .copyURL: copyItemURL()
        case .openPage: openItemPage()
        case .toggleWatch: toggleWatch()
        case .quit, .forceQuit: emit([.quit])
        case .toggleHelp, .closeHelp, .scrollHelpDown, .scrollHelpUp: help.update(command, rows: size.rows)
        case .submit, .cancel, .deleteCharacter, .clearText, .typeText: return edit(command, key: key)
        case .nextField, .previousField, .nextChoice, .previousChoice, .clearFilters:
            return applyForm(form.update(command, key: key))
        default: return switchTab(command)
        }
        return false
    }

    /// `1`…`9`, Tab, Shift-Tab: another tab; true when it switched.
    private func switchTab(_ command: Command) -> Bool {
        let index: Int
        switch command {
        case .nextTab: index = (activeTab + 1) % tabs.count
        case .previousTab: index = (activeTab + tabs.count - 1) % tabs.count
        default:
            guard let wanted = command.tabIndex, wanted < tabs.count else { return false }
            index = wanted
        }
        showTab(index)
        return true
    }

    /// An editing command in whichever prompt or form is open: the prompt's own update,
    /// its outcome mapped here (a search or filters start the list over, `:N` selects).
    private func edit(_ command: Command, key: KeyInput) -> Bool {
        switch context {
        case .search:
            guard case .submitted(let text) = search.update(command, key: key), let searchKey = tab.spec.searchKey else { return false }
            var query = tab.query
            query.set(searchKey, text)
            apply(query)
            return true
        case .goTo:
            guard case .go(let number) = goTo.update(command, key: key) else { return false }
            // Card N, counted from 1. A list that cannot jump goes as far as it has loaded.
            grid.state.select(number - 1)
            return true
        case .filters:
            return applyForm(form.update(command, key: key))
        case .paneFilter:
            emit(paneFilter.update(command, key: key))
            return false
        default:
            return false
        }
    }

    private func applyForm(_ outcome: FilterForm.Outcome) -> Bool {
        guard case .applied(let values) = outcome else { return false }
        var query = tab.query
        for spec in tab.spec.filters { query.set(spec.key, values[spec.key] ?? "") }
        guard query != tab.query else { return false }
        apply(query)
        return true
    }
}
