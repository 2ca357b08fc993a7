import PortalCore

/// Finding where an addressable list really ends when a page contradicted its total
/// (`SparseEnd`): the total follows the evidence, and probes outside the page table close
/// the gap between the last whole page and the first short one in a bounded number of
/// requests, whatever the viewport does meanwhile.
extension SparseList {
    /// The end is bracketed by pages and being searched for (the status line says so).
    public var isFindingEnd: Bool { end.isSearching }

    /// Takes the total the evidence supports: pages past it go (their late answers are
    /// ignored), as for any total that shrinks.
    func settleEnd(pageSize size: Int) {
        guard let supported = end.total(pageSize: size).map(ReportedCount.clamped), supported != total else { return }
        adoptTotal(supported, pageSize: size)
    }

    /// The next probe while the end is being searched for; nil when none is needed or one
    /// is in flight. A page the strategy cannot address ends the search where the whole
    /// pages stop.
    func endProbe(pageSize size: Int) -> PageTicket? {
        guard let index = end.nextProbePage(pageSize: size) else { return nil }
        guard let request = addressing?.request(forPage: index), request.index == index else {
            end.giveUp()
            settleEnd(pageSize: size)
            return nil
        }
        end.probe = request
        return marked(PageTicket(generation: generation, request: request))
    }

    /// A probe's answer: whole pages move the known items up (and are shown), a short or
    /// missing page moves the end down; any other failure ends the search where the
    /// whole pages stop (the pages it would have asked about are past what was seen).
    func applyProbe(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket, pageSize size: Int) -> SparseChange {
        let index = ticket.request.index
        switch result {
        case .failure(let failure):
            if failure.kind == .http(status: 404) {
                end.probeAnswered(page: index, count: 0, reported: nil, pageSize: size)
            } else {
                end.giveUp()
            }
            settleEnd(pageSize: size)
            return .loaded(total..<total)
        case .success(let content) where Self.shrinks(content, pageSize: size):
            end.probe = nil
            walkInstead(because: "page \(index + 1) held \(content.items.count) of \(size) items and said more follow: it walks", pageSize: size)
            return .loaded(0..<count)
        case .success(let content):
            end.probeAnswered(page: index, count: content.items.count, reported: content.totalCount.map(ReportedCount.clamped), pageSize: size)
            settleEnd(pageSize: size)
            guard index < Self.pagesFor(total: total, size: size) else { return .loaded(total..<total) }
            var page = pages[index] ?? SparsePage<Item>()
            page.fetch = .idle
            return store(content.items, in: page, at: index, pageSize: size)
        }
    }

    /// A page dropped while in flight because the end was found before it: when it falls
    /// in the gap still being searched, its answer is a probe's (one request saved); any
    /// other late answer is ignored.
    func applyDropped(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket, pageSize size: Int) -> SparseChange {
        let index = ticket.request.index
        guard end.isSearching, index > end.lastFull, index < end.short?.page ?? 0,
              addressing?.request(forPage: index) == ticket.request else { return .ignored }
        if case .failure(let failure) = result, failure.kind != .http(status: 404) { return .ignored }
        let probe = end.probe
        let change = applyProbe(result, for: ticket, pageSize: size)
        // The probe still out is still awaited.
        if end.probe == nil, let probe, end.isSearching { end.probe = probe }
        return change
    }
}
