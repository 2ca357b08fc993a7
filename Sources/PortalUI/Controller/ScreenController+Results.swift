import PortalCore

/// Result routing: each message goes to the list or pane that asked, if it is still the
/// one on screen (same tab, same list generation, pane still in the trail); anything
/// else is dropped here.
extension ScreenController {
    func receive(_ message: AppMessage) {
        notePictureTickets(of: message)  // the pictures' tickets, noted where a page is decoded (Pictures)
        switch message {
        case .page(let list, _, _), .pageRetrying(let list, _, _, _, _): batch.touchedTabs.insert(list.tab)
        case .items(let pane, _, _): batch.touchedTabs.insert(pane.tab)
        case .picture, .jq, .woke, .rate, .liveUpdates, .liveStatus: break
        }
        switch message {
        case .pageRetrying(let list, let ticket, let attempt, let failure, _):
            // Only for the page in flight now; a late note for a reset list is dropped.
            guard let tab = tab(at: list), tab.list.isInFlight(ticket.request) else { return }
            // A `PageFailure` message is sanitised when it is made.
            tab.retryNote = "retrying… (attempt \(attempt + 1): \(failure.message))"
        case .page(let list, let ticket, let result):
            if receiveWatched(list, ticket, result) { return }  // the list watch's look (Watch/)
            guard list.tab < tabs.count else { return }
            let tab = tabs[list.tab]
            planner.received(ticket.request, at: now())
            // (+Rates; a page that says no limit, while none is noted, has nothing to note.)
            if case .success(let page) = result, page.rate != nil || !planner.rates.limits.isEmpty {
                noteRate(page.rate, from: RateNotes.origin(of: ticket.request.http.url))
            }
            if ticket.generation == tab.list.generation {
                tab.retryNote = nil
                tab.retryRefusal = nil
                if case .success(let page) = result {
                    tab.offlineNote = page.cache.flatMap { $0.isOffline ? $0.label(now: today()) : nil }
                    tab.pageNotice = page.notice
                }
            }
            // The list folds the page in as one batch; the grid's count follows.
            tab.listView.apply(tab.list.apply(result, for: ticket))
            tab.followRefresh()  // supabase: R keeps the selection on its item
            followLive(tab)  // a live list's selection stays on its record (Live/)
        case .items(let address, let purpose, let result):
            guard let tab = tab(at: address) else { return }
            if let item = tab.trail.receive(purpose, result, at: address) {
                if purpose == .refreshed { for tab in tabs { tab.list.replace(item) } }  // supabase: R in a pane
                complete(item)
            }
            tab.trail.pane(at: address)?.clampScroll(viewRows: paneRows)
        case .picture(let ticket, let outcome, let rendered):
            // Kept under its own item only while still asked for; counts, order and the
            // selection are untouched (the next frame redraws the card that shows it).
            pictures.receive(ticket, outcome, rendered: rendered)
        case .jq, .woke(.paneFilter):
            emit(paneFilter.receive(message))  // `|` in a pane (JQ/)
        case .woke(.watch(let ticket)):
            emit(watch.woke(ticket))  // the list watch: a look is due, the next timer set (Watch/)
        case .liveUpdates, .liveStatus:
            receiveLive(message)  // live lists (Live/)
        case .woke(.rateReset(let ticket)):
            wokeForRateReset(ticket)  // rate limits (+Rates)
        case .rate(let origin, let limit):
            noteRate(limit, from: origin)  // a picture's or pane's answer (+Rates)
        }
    }

    /// A list entry whose detail has arrived (a Pokémon: the list names it only) shows
    /// the detail on its card too, in every list that has it.
    private func complete(_ item: Item) {
        guard item.isComplete else { return }
        for tab in tabs {
            guard let index = tab.list.index(ofID: item.id), tab.list.item(at: index)?.isComplete == false else { continue }
            tab.list.replace(item)
        }
    }

    /// The tab a list result belongs to, if its generation is still the tab's.
    private func tab(at list: ListAddress) -> TabState? {
        guard list.tab < tabs.count, tabs[list.tab].list.generation == list.generation else { return nil }
        return tabs[list.tab]
    }

    /// The tab a pane result belongs to, if the pane's list generation is still the tab's.
    private func tab(at pane: PaneAddress) -> TabState? {
        tab(at: ListAddress(tab: pane.tab, generation: pane.generation))
    }
}
