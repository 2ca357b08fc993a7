import PortalCore

/// Key routing: what each command of the command table does to the state. Commands
/// change state and return; none fetches (the planner runs after every event).
extension ScreenController {
    /// Performs `command` (from `key`); true when the viewport jumped rather than scrolled
    /// (Home, End, `:N`, a tab switch, a list started over), so the prefetch distance
    /// starts from rest.
    func perform(_ command: Command, key: KeyInput) -> Bool {
        let rows = paneRows
        notice = nil  // what the last y / Y / o / w said lasts until the next key
        // Only End keeps the pane's highlight on the end of a list walking to it.
        if command != .detailBottom { pane?.stopFollowingListEnd() }
        switch command {
        case .moveUp: grid.state.move(.up)
        case .moveDown: grid.state.move(.down)
        case .moveLeft: if tab.table.isShown { tab.table.moveColumn(by: -1) } else { grid.state.move(.left) }
        case .moveRight: if tab.table.isShown { tab.table.moveColumn(by: 1) } else { grid.state.move(.right) }
        case .pageUp: grid.state.move(.pageUp)
        case .pageDown: grid.state.move(.pageDown)
        case .halfPageUp: grid.state.move(.halfPageUp)
        case .halfPageDown: grid.state.move(.halfPageDown)
        case .wheelUp: grid.state.move(.wheelUp)
        case .wheelDown: grid.state.move(.wheelDown)
        case .first:
            grid.state.move(.first)
            return true
        case .last:
            tab.list.startWalk()
            grid.state.move(.last)
            return true
        case .goToCard: goTo.begin()
        case .stopWalk:
            tab.list.stopWalk()
            grid.state.stopFollowingEnd()
        case .open: grid.activate()
        case .search:
            if tab.spec.searchKey != nil { search.begin() }
        case .filter: form.begin(tab.spec, query: tab.query)
        case .retry: tab.wantsRetry = true
        case .refresh:
            // R: the pane's item past the caches, or the list again from the top
            // (ListRefresh); the planner asks.
            if let pane { pane.refresh() } else { tab.refresh() }
        case .togglePictures:
            cardPictures.toggle()
            relayout()
        case .toggleTable: toggleTable()
        case .sortByColumn: return sortBySelectedColumn(reversing: false)
        case .sortReverse: return sortBySelectedColumn(reversing: true)
        case .copyItem: copyItemJSON()
        case .copyURL: copyItemURL()
        case .openPage: openItemPage()
        case .toggleWatch: toggleWatch()
        case .filterPane: beginPaneFilter()
        case .quit, .forceQuit: emit([.quit])
        case .suspend: break  // the terminal loop suspends before a key reaches the app
        case .tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7, .tab8, .tab9:
            guard let index = command.tabIndex, index < tabs.count else { return false }
            showTab(index)
            return true
        case .nextTab:
            showTab((activeTab + 1) % tabs.count)
            return true
        case .previousTab:
            showTab((activeTab + tabs.count - 1) % tabs.count)
            return true
        case .linkDown: pane?.linkDown(viewRows: rows)
        case .linkUp: pane?.linkUp(viewRows: rows)
        case .followLink:
            if let pane, pane.highlightFolds {
                pane.toggleFold(viewRows: rows)
            } else {
                tab.trail.follow(at: newPaneAddress(in: tab))
            }
        case .unfold: pane?.unfold(viewRows: rows)
        case .fold: pane?.fold(viewRows: rows)
        case .detailPageDown: pane?.scroll(by: max(1, rows - 1), viewRows: rows)
        case .detailPageUp: pane?.scroll(by: -max(1, rows - 1), viewRows: rows)
        case .detailTop: pane?.scroll(toEnd: false, viewRows: rows)
        case .detailBottom: pane?.scrollToBottom(viewRows: rows)
        case .detailRetry: emit(tab.trail.retry(freshAddress: newPaneAddress(in: tab)))
        case .back:
            // Esc while the pane's list walks to its end stops the walk, as in the grid.
            if pane?.stopListWalk() == true { return false }
            emit(tab.trail.back())
            if tab.panes.isEmpty { relayout() } else { pane?.clampScroll(viewRows: paneRows) }
        case .closeDetail:
            emit(tab.trail.closeAll())
            relayout()
        case .submit, .cancel, .deleteCharacter, .clearText, .typeText:
            return edit(command, key: key)
        case .nextField, .previousField, .nextChoice, .previousChoice, .clearFilters:
            return applyForm(form.perform(command))
        case .toggleHelp:
            showsHelp.toggle()
            helpScroll = 0
        case .closeHelp: showsHelp = false
        case .scrollHelpDown: helpScroll += max(1, size.rows / 2)
        case .scrollHelpUp: helpScroll = max(0, helpScroll - max(1, size.rows / 2))
        }
        return false
    }

    /// An editing command in whichever prompt or form is open.
    private func edit(_ command: Command, key: KeyInput) -> Bool {
        switch context {
        case .search:
            if command == .typeText, case .character(let c) = key { search.type(c); return false }
            guard case .submitted(let text) = search.perform(command), let searchKey = tab.spec.searchKey else { return false }
            var query = tab.query
            query.set(searchKey, text)
            apply(query)
            return true
        case .goTo:
            if command == .typeText, case .character(let c) = key { goTo.type(c); return false }
            guard case .go(let number) = goTo.perform(command) else { return false }
            // Card N, counted from 1. A list that cannot jump goes as far as it has loaded.
            grid.state.select(number - 1)
            return true
        case .filters:
            if command == .typeText, case .character(let c) = key { form.type(c); return false }
            return applyForm(form.perform(command))
        case .paneFilter:
            editPaneFilter(command, key: key)
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
