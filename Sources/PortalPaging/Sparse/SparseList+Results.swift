import PortalCore

/// Results: a page folded in as one batch (placeholders replaced, no other index moved),
/// totals adopted, eviction past the bound, and starting over (reset, refresh).
extension SparseList {
    // MARK: Results

    /// Folds one page result in as one batch (see `SparseChange`). Specialised for the
    /// browser's `Item` (see `slot(at:)`): the loader and its tables under it with it.
    @discardableResult
    @_specialize(exported: true, where Item == PortalCore.Item)
    public func apply(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket) -> SparseChange {
        guard ticket.generation == generation else { return .ignored }
        switch mode {
        case .addressable(let size):
            return applyPage(result, for: ticket, pageSize: size)
        case .awaitingFirstPage:
            // A source that could only tell from this answer how the list addresses its
            // pages hands it over with the page (`PageContent.addressing`).
            if case .success(let content) = result, addressing == nil, let learnt = content.addressing,
               sequential.state == .loading(ticket.request) {
                addressing = learnt
            }
            if case .success(let content) = result, contradictsAddressing(content.next, after: ticket.request.index) {
                addressing = nil
                pagingNote = Self.linksNote
            }
            if case .success(let content) = result, sequential.state == .loading(ticket.request),
               let addressing, let reported = content.totalCount,
               content.items.count == min(addressing.pageSize, ReportedCount.clamped(reported)) {
                mode = .addressable(pageSize: addressing.pageSize)
                isWalking = false
                total = ReportedCount.clamped(reported)
                pages[0] = SparsePage<Item>(slots: nil, fetch: .loading(ticket.request))
                return applyPage(result, for: ticket, pageSize: addressing.pageSize)
            }
            return applySequential(result, for: ticket)
        case .sequential:
            if end.open, end.probe == ticket.request { return applyOpenEndProbe(result, for: ticket) }
            if let refilled = applyDroppedPage(result, for: ticket) { return refilled }
            if case .success(let content) = result, sequential.state == .loading(ticket.request),
               contradictsAddressing(content.next, after: ticket.request.index) {
                stopAddressing(because: Self.linksNote)
            }
            return applySequential(result, for: ticket)
        }
    }

    /// Starts the list over (a new search or filter): everything is dropped, the mode is
    /// decided again by the next first page, and late results of the old generation are
    /// ignored.
    public func reset(firstPage: PageRequest, addressing: PageAddressing?) {
        self.firstPage = firstPage
        self.addressing = addressing
        sequential.reset(firstPage: firstPage)
        mode = .awaitingFirstPage
        total = 0
        pages = SparsePageTable<Item>()
        positions = [:]
        isWalking = false
        duplicatesDropped = 0
        end = SparseEnd()
        staleItems = nil
        revalidates = false
        pagingNote = nil
        walksInstead = false
    }

    /// What the status line says of a list whose links contradict its page numbers.
    static var linksNote: String { "its next links do not follow its page numbers or offsets: it walks" }

    /// `R`: asks the list again from the top, in a new generation (late answers of the old
    /// one are ignored) whose every request revalidates through the caches — an unchanged
    /// page is a 304 and costs no body.
    ///
    /// What is on screen stays until the new pages replace it. Addressable: the loaded
    /// pages near the viewport are kept, marked stale, and asked for again first; the
    /// others are dropped (asked for when next near). A new total (rows added or removed)
    /// is adopted as the first new page brings it. A row that moved shows at its new index
    /// only: its stale copy becomes a placeholder until its page is refreshed too.
    /// Sequential: the items stay as they are past the new ones, until the new pages reach
    /// them or the list ends short of them.
    public func refresh() {
        revalidates = true
        isWalking = false
        end = SparseEnd()
        switch mode {
        case .addressable where total == 0:
            // Nothing shown and no page to address: start from the first page again.
            sequential.reset(firstPage: firstPage)
            mode = .awaitingFirstPage
            pages = SparsePageTable<Item>()
            positions = [:]
        case .addressable(let size):
            let near = pageWindow(size)?.near
            sequential.reset(firstPage: firstPage)
            for index in Array(pages.keys) {
                guard var page = pages[index] else { continue }
                if page.slots != nil, near?.contains(index) == true {
                    page.fetch = .idle
                    page.refresh = false
                    page.stale = true
                    pages[index] = page
                } else {
                    if let slots = page.slots { release(slots[...], from: index * size) }
                    pages[index] = nil
                }
            }
        case .sequential, .awaitingFirstPage:
            // What is shown now (new items, then any older ones a refresh left), in order.
            // A walked list's dropped pages end it: no item shown at another's index.
            let old = staleItems == nil ? sequential.heldPrefix : (0..<count).compactMap { slot(at: $0).item }
            sequential.reset(firstPage: firstPage)
            staleItems = old.isEmpty ? nil : old
            mode = old.isEmpty ? .awaitingFirstPage : .sequential
        }
    }

    /// `ticket` asking past the caches when this generation revalidates.
    func marked(_ ticket: PageTicket) -> PageTicket {
        guard revalidates else { return ticket }
        var request = ticket.request
        request.http.revalidate = true
        return PageTicket(generation: ticket.generation, request: request)
    }

    /// Starts the list over at `strategy`'s first page.
    public func reset(strategy: some PageStrategy<Item>) {
        reset(firstPage: strategy.firstPage, addressing: PageAddressing(strategy))
    }

    func applyPage(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket, pageSize size: Int) -> SparseChange {
        let index = ticket.request.index
        if end.probe == ticket.request { return applyProbe(result, for: ticket, pageSize: size) }
        guard var page = pages[index], case .loading(let asked) = page.fetch, asked == ticket.request else {
            return applyDropped(result, for: ticket, pageSize: size)
        }
        let content: PageContent<Item>
        switch result {
        case .failure(let failure) where index > 0 && failure.kind == .http(status: 404):
            // No such page: the list ends before it (a server that shrank under a jump).
            page.fetch = .idle
            pages[index] = page.isEmpty ? nil : page
            end.noteShort(page: index, count: 0, reported: nil, pageSize: size)
            settleEnd(pageSize: size)
            return .loaded(total..<total)
        case .failure(let failure):
            page.fetch = .failed(failure, ticket.request, notBefore: failure.retryWait(cap: maxRetryAfter).map { now() + $0 })
            pages[index] = page
            return .failed(failure)
        case .success(let success):
            content = success
        }
        let reported = content.totalCount.map(ReportedCount.clamped)
        let count = content.items.count
        if Self.shrinks(content, pageSize: size) {
            page.fetch = .idle
            pages[index] = page
            walkInstead(because: "page \(index + 1) held \(count) of \(size) items and said more follow: it walks", pageSize: size)
            return .loaded(0..<self.count)
        }
        if count >= size { end.noteFull(page: index) }
        if count < size, count < min(size, total - index * size) || end.distrustsTotals {
            // Fewer items than the list expected: the end is here or before (found with
            // a bounded search, not one page at a time), and totals are no longer believed.
            end.noteShort(page: index, count: count, reported: reported, pageSize: size)
            settleEnd(pageSize: size)
        } else if end.distrustsTotals {
            settleEnd(pageSize: size)
        } else if let reported, reported != total {
            adoptTotal(reported, pageSize: size)
        }
        // A total that ends before this page leaves nothing of it.
        guard let kept = pages[index] else { return .loaded(total..<total) }
        page = kept
        return store(content.items, in: page, at: index, pageSize: size)
    }

    /// Puts a page's items in its slots (an id already shown elsewhere stays a
    /// placeholder) and evicts past the bound.
    func store(_ items: [Item], in page: SparsePage<Item>, at index: Int, pageSize size: Int) -> SparseChange {
        var page = page
        let start = index * size
        let expected = min(size, total - start)
        if let old = page.slots { release(old[...], from: start) }
        page.stale = false
        var slots: [Item?] = []
        slots.reserveCapacity(min(expected, items.count))
        for item in items.prefix(expected) {
            // After a refresh a row may have moved: the fresh copy wins over a stale one (or
            // one in a page to be asked again: a live list's guess, `liveInsert`).
            if let at = positions[item.id], pages.stale.contains(at / size) || pages[at / size]?.refresh == true, at / size != index {
                pages[at / size]?.slots?[at % size] = nil
                positions[item.id] = nil
            }
            if positions[item.id] == nil {
                positions[item.id] = start + slots.count
                slots.append(item)
            } else {
                duplicatesDropped += 1
                slots.append(nil)
            }
        }
        page.slots = slots
        page.bytes = PageByteBudget.bytes(ofSlots: slots)
        page.fetch = .idle
        page.refresh = false
        pages[index] = page
        evictIfNeeded(pageSize: size)
        return .loaded(start..<start + expected)
    }

    func applySequential(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket) -> SparseChange {
        let change = sequential.apply(result, for: ticket)
        if sequential.state != .idle { isWalking = false }
        switch change {
        case .inserted(let range):
            mode = .sequential
            evictWalkedPages()
            if let stale = staleItems {
                // Refreshing: these indices were shown already; the old tail goes once the
                // new pages reach it or the list ends.
                if sequential.count >= stale.count || !sequential.hasMore { staleItems = nil }
                return .loaded(0..<count)
            }
            return .appended(range)
        case .failed(let failure):
            return .failed(failure)
        case .ignored:
            return .ignored
        }
    }

    /// A live server's new total: pages past the new end go, the new last page is cut to
    /// it, and after a growth a page left short is asked for once more.
    func adoptTotal(_ newTotal: Int, pageSize size: Int) {
        let grew = newTotal > total
        total = newTotal
        let count = Self.pagesFor(total: total, size: size)
        for index in Array(pages.keys) where index >= count {
            if let slots = pages[index]?.slots { release(slots[...], from: index * size) }
            pages[index] = nil
        }
        for index in Array(pages.keys) {
            guard var page = pages[index], let slots = page.slots else { continue }
            let expected = min(size, total - index * size)
            if slots.count > expected {
                release(slots[expected...], from: index * size)
                page.slots = Array(slots.prefix(expected))
            } else if grew, slots.count < expected {
                page.refresh = true
            }
            pages[index] = page
        }
    }

    /// Forgets where the ids of `slots` (a slice of the page starting at index `start`)
    /// are shown.
    func release(_ slots: ArraySlice<Item?>, from start: Int) {
        for (offset, item) in zip(slots.indices, slots) {
            guard let item else { continue }
            if positions[item.id] == start + offset { positions[item.id] = nil }
        }
    }

    func evictIfNeeded(pageSize size: Int) {
        guard pages.loaded.count > maxPages || pages.heldBytes > maxBytes, let around = pageWindow(size) else { return }
        let drops = PageEviction.pagesToDrop(loaded: pages.loaded, maxPages: maxPages, heldBytes: pages.heldBytes, maxBytes: maxBytes,
                                             bytes: { pages[$0]?.bytes ?? 0 }, viewport: around.shown, keep: around.near)
        for index in drops {
            guard var page = pages[index], let slots = page.slots else { continue }
            release(slots[...], from: index * size)
            page.slots = nil
            page.refresh = false
            page.stale = false
            pages[index] = page.isEmpty ? nil : page
        }
    }
}
