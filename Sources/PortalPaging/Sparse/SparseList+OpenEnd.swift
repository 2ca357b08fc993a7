import PortalCore

/// End on a list that can address its pages but reported no total (a GraphQL connection
/// with offset cursors and no `totalCount`, a `list[Item]` with skip/limit, a page-number
/// API without a count): instead of walking every page to the end, the list finds the end
/// with `SparseEnd`'s bounded search — probes 1, 2, 4, … pages above the last whole page
/// until one comes back short, then halving the gap — and, once found, becomes addressable
/// with that total: the pages walked so far and the probes' pages keep their items, the
/// screen at the end asks only the pages it shows. 826 items in pages of 20: about a dozen
/// requests instead of 42, and a million rows in about 30 instead of 50,000.
///
/// A probe that repeats items already shown (a server that ignores the page it is asked
/// for), a probe that fails for another reason than "no such page", or a search that climbs
/// past the largest total portal believes ends the search, and End walks as before.
extension SparseList {
    /// Starts the search for the end of a sequential list that addresses its pages; false
    /// when it cannot (no addressing, no page yet, pages of uneven size, a refresh under
    /// way, already at the end), and then End walks.
    func startOpenEndSearch() -> Bool {
        // A search that stopped (`pagingNote` says why) is not started again: End walks.
        guard case .sequential = mode, let addressing, !end.isSearching, staleItems == nil, sequential.hasMore, pagingNote == nil else { return false }
        let size = addressing.pageSize
        let walked = sequential.pagesLoaded
        guard walked > 0, sequential.count == walked * size else { return false }
        end = SparseEnd()
        end.open = true
        end.lastFull = walked - 1
        // The sequential page in flight, if any, is the next one: the first probe goes past it.
        if sequential.state.isLoading { end.stride = 2 }
        probedPages = [:]
        return true
    }

    /// The search under way on a sequential list: its probe ticket, handed out with the
    /// sequential asks (`commit`); nil when none is due or the next page cannot be asked.
    func openEndProbe() -> PageTicket? {
        guard case .sequential = mode, end.open, let addressing else { return nil }
        let size = addressing.pageSize
        if end.probe == nil, end.climbed >= SparseEnd.maxClimb, !end.bisecting {
            abandonOpenEndSearch(because: "End found no end in \(SparseEnd.maxClimb) probes (page \(end.lastFull + 1) is whole): it walks")
            return nil
        }
        guard let index = end.nextProbePage(pageSize: size) else { return nil }
        guard index < ReportedCount.maximum / size, let request = addressing.request(forPage: index), request.index == index else {
            abandonOpenEndSearch(because: "End found no end before portal's largest list: it walks")
            return nil
        }
        end.probe = request
        return marked(PageTicket(generation: generation, request: request))
    }

    /// A probe's answer on a sequential list. Whole pages are kept for when the list turns
    /// addressable; a short or missing page brackets the end; once the end is found the
    /// list becomes addressable with the total the pages support.
    func applyOpenEndProbe(_ result: Result<PageContent<Item>, PageFailure>, for ticket: PageTicket) -> SparseChange {
        guard let size = addressing?.pageSize else { return .ignored }
        let index = ticket.request.index
        switch result {
        case .failure(let failure) where failure.kind == .http(status: 404):
            end.probeAnswered(page: index, count: 0, reported: nil, pageSize: size)
        case .failure(let failure):
            abandonOpenEndSearch(because: "End's probe of page \(index + 1) failed (\(failure.message)): it walks")
            return .loaded(count..<count)
        case .success(let content):
            let probed = Set(probedPages.values.joined().map(\.id))
            if !content.items.isEmpty, content.items.allSatisfy({ sequential.contains(id: $0.id) || probed.contains($0.id) }) {
                // The server answered another page than the one asked: it cannot be addressed.
                abandonOpenEndSearch(because: "page \(index + 1) repeated items already shown: it walks")
                return .loaded(count..<count)
            }
            if Self.shrinks(content, pageSize: size) {
                abandonOpenEndSearch(because: "page \(index + 1) held \(content.items.count) of \(size) items and said more follow: it walks")
                return .loaded(count..<count)
            }
            if contradictsAddressing(content.next, after: index) {
                stopAddressing(because: Self.linksNote)
                return .loaded(count..<count)
            }
            if !content.items.isEmpty { probedPages[index] = Array(content.items.prefix(size)) }
            end.probeAnswered(page: index, count: content.items.count, reported: nil, pageSize: size)
        }
        guard !end.isSearching, let found = end.total(pageSize: size) else { return .loaded(count..<count) }
        becomeAddressable(total: ReportedCount.clamped(found), pageSize: size)
        return .loaded(0..<total)
    }

    /// Ends the search, saying why (`pagingNote`); End walks instead (the walk has its own guards).
    func abandonOpenEndSearch(because note: String) {
        end = SparseEnd()
        probedPages = [:]
        isWalking = sequential.hasMore
        pagingNote = note
    }

    /// The end is found: every index up to `total` exists; the walked items and the probes'
    /// pages take their pages (an id already placed stays a placeholder where it repeats).
    private func becomeAddressable(total found: Int, pageSize size: Int) {
        mode = .addressable(pageSize: size)
        isWalking = false
        total = found
        pages = SparsePageTable<Item>()
        positions = [:]
        let walked = min(sequential.pagesLoaded, Self.pagesFor(total: found, size: size))
        for index in 0..<walked {
            let items = (index * size..<min(found, (index + 1) * size)).compactMap { sequential.item(at: $0) }
            // A walked page the byte budget dropped is asked again when near.
            guard items.count == min(size, found - index * size) else { continue }
            _ = store(items, in: SparsePage<Item>(), at: index, pageSize: size)
        }
        for (index, items) in probedPages.sorted(by: { $0.key < $1.key }) where index < Self.pagesFor(total: found, size: size) {
            _ = store(items, in: SparsePage<Item>(), at: index, pageSize: size)
        }
        probedPages = [:]
        end.open = false
    }
}
