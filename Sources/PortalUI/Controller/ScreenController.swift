import PortalCore
import PortalImage

/// The whole browser as the terminal loop sees it: the character list, its grid, the
/// detail pane, the search prompt and the help overlay.
///
/// It is the last link of the delegate chain (grid view model → list view → controller):
/// it owns the `ListLoader`, starts page and episode requests through the `EffectRunner`
/// (never blocking the UI thread), and applies each result only if it still belongs to
/// what is on screen — the loader drops pages of an older generation, and episode results
/// carry the character id and the pane's token (and so do avatar results).
@MainActor
public final class ScreenController: App, CharacterListViewDelegate {
    public typealias Loader = ListLoader<PortalCore.Character>

    public let baseURL: String
    public let sourceLabel: String
    public let loader: Loader
    public let listView: CharacterListView
    public var grid: GridViewModel { listView.grid }
    /// The open detail pane, if any.
    public private(set) var detail: DetailViewModel?
    public private(set) var search = SearchPrompt()
    /// The active name filter ("" for the full list).
    public private(set) var query = ""
    public private(set) var showsHelp = false
    public private(set) var size = Size(columns: 80, rows: 24)
    public private(set) var needsRedraw = true
    /// Page requests started (the spinner advances with it).
    public private(set) var pageRequestCount = 0
    /// Episode requests started.
    public private(set) var episodeRequestCount = 0
    /// Avatar requests started (at most one per opened character not yet cached).
    public private(set) var avatarRequestCount = 0
    /// Whether detail panes fetch and show the character's avatar. The terminal turns it
    /// off when there is no colour to draw it with (`NO_COLOR`).
    public let showsAvatars: Bool

    private let transport: any Transport
    private let runner: any EffectRunner
    private let retryPolicy: RetryPolicy
    private var episodeCache: [Int: Episode] = [:]
    /// Decoded avatars by avatar id; `.unavailable` is kept too (a 404 or undecodable
    /// bytes), so neither is asked for twice. Transient failures are not kept.
    private var avatarCache: [Int32: AvatarOutcome] = [:]
    private var lastDetailToken = 0
    /// Set while the page in flight is being retried automatically.
    private var retryNote: String?
    /// Why the last `r` did not retry (a 429's `Retry-After` still running).
    private var retryRefusal: String?
    private var started = false
    private var strategy: RickAndMortyPages<PortalCore.Character>

    public init(
        transport: any Transport, baseURL: String, sourceLabel: String, runner: any EffectRunner,
        retryPolicy: RetryPolicy = RetryPolicy(), showsAvatars: Bool = true
    ) {
        self.transport = transport
        self.showsAvatars = showsAvatars
        self.baseURL = baseURL
        self.sourceLabel = sourceLabel
        self.runner = runner
        self.retryPolicy = retryPolicy
        strategy = RickAndMortyPages<PortalCore.Character>(baseURL: baseURL, request: .list(.character))
        let loader = Loader(strategy: RickAndMortyPages<PortalCore.Character>(baseURL: baseURL, request: .list(.character)))
        self.loader = loader
        listView = CharacterListView(items: { loader.items })
        listView.delegate = self
    }

    public var layout: Layout { Layout(size: size, detailOpen: detail != nil) }

    /// Which bindings of the command table apply now.
    public var context: CommandContext {
        if showsHelp { return .help }
        return detail == nil ? .grid : .detail
    }

    // MARK: App

    public func start(size: Size) {
        started = true
        self.size = size
        relayout()
        syncLoadState()
        grid.checkLoadMore()
        needsRedraw = true
    }

    public func resize(to size: Size) {
        self.size = size
        relayout()
        needsRedraw = true
    }

    public func handle(_ key: KeyInput) -> AppRequest {
        if key == .control("c") { return .quit }
        needsRedraw = true
        if search.isActive {
            switch search.handle(key) {
            case .editing, .cancelled: break
            case .submitted(let text): apply(query: text)
            }
            return .keepRunning
        }
        guard let command = CommandTable.command(for: key, in: context) else { return .keepRunning }
        let request = perform(command)
        // The load-more rule runs after every key.
        grid.checkLoadMore()
        return request
    }

    public func receive(_ message: AppMessage) {
        switch message {
        case .pageRetrying(let ticket, let attempt, let failure, _):
            // Only for the page in flight now; a late note for a reset list is dropped.
            guard ticket.generation == loader.generation, loader.state == .loading(ticket.request) else { return }
            retryNote = "retrying… (attempt \(attempt + 1): \(Sanitize.line(failure.message)))"
            needsRedraw = true
        case .page(let ticket, let result):
            if ticket.generation == loader.generation { retryNote = nil; retryRefusal = nil }
            switch loader.apply(result, for: ticket) {
            case .ignored:
                return
            case .inserted(let range):
                listView.apply(inserted: range, isLoading: loader.state.isLoading, hasMore: canLoadMore)
            case .failed:
                syncLoadState()
            }
            needsRedraw = true
        case .episodes(let characterID, let token, let result):
            if case .success(let list) = result {
                for episode in list { episodeCache[episode.id] = episode }
            }
            // A result for a pane that was closed or switched is dropped, never drawn.
            guard let detail, detail.token == token, detail.character.id == characterID else { return }
            switch result {
            case .success:
                // Ids the server did not know are skipped, as the API itself skips them.
                detail.episodes = .loaded(detail.character.episodeIDs.compactMap { episodeCache[Int($0)] })
            case .failure(let failure):
                detail.episodes = .failed(failure.message)
            }
            detail.clampScroll(viewRows: layout.detail.height)
            needsRedraw = true
        case .avatar(let characterID, let token, let avatarID, let outcome):
            if outcome != .failed { avatarCache[avatarID] = outcome }
            // Like episodes: a result for a pane that was closed or switched is dropped.
            guard let detail, detail.token == token, detail.character.id == characterID,
                  case .image(let image) = outcome else { return }
            detail.avatar = image
            needsRedraw = true
        }
    }

    /// Draws the whole frame (clear, draw, flush) and clears `needsRedraw`.
    public func render(into screen: any Screen) {
        needsRedraw = false
        screen.clear()
        draw(into: screen)
        screen.flush()
    }

    // MARK: CharacterListViewDelegate

    public func characterListViewNeedsMore(_ view: CharacterListView) {
        launch(loader.loadMore())
    }

    public func characterListView(_ view: CharacterListView, didOpen character: PortalCore.Character) {
        openDetail(character)
    }

    // MARK: Commands

    private func perform(_ command: Command) -> AppRequest {
        switch command {
        case .moveUp: grid.move(.up)
        case .moveDown: grid.move(.down)
        case .moveLeft: grid.move(.left)
        case .moveRight: grid.move(.right)
        case .pageUp: grid.move(.pageUp)
        case .pageDown: grid.move(.pageDown)
        case .halfPageUp: grid.move(.halfPageUp)
        case .halfPageDown: grid.move(.halfPageDown)
        case .first: grid.move(.first)
        case .last: grid.move(.last)
        case .wheelUp: grid.move(.wheelUp)
        case .wheelDown: grid.move(.wheelDown)
        case .open: grid.activate()
        case .search: search.begin()
        case .retry: retryPage()
        case .quit, .forceQuit: return .quit
        case .detailUp: detail?.scroll(by: -1, viewRows: layout.detail.height)
        case .detailDown: detail?.scroll(by: 1, viewRows: layout.detail.height)
        case .detailPageUp: detail?.scroll(by: -max(1, layout.detail.height - 1), viewRows: layout.detail.height)
        case .detailPageDown: detail?.scroll(by: max(1, layout.detail.height - 1), viewRows: layout.detail.height)
        case .detailTop: detail?.scroll(toEnd: false, viewRows: layout.detail.height)
        case .detailBottom: detail?.scroll(toEnd: true, viewRows: layout.detail.height)
        case .detailRetry:
            if let detail, detail.isFailed { openDetail(detail.character) }
        case .closeDetail: closeDetail()
        case .toggleHelp: showsHelp.toggle()
        case .closeHelp: showsHelp = false
        }
        return .keepRunning
    }

    // MARK: List

    /// Whether the loader could hand out a next page (not at the end, not failed).
    private var canLoadMore: Bool {
        if case .failed = loader.state { return false }
        return loader.hasMore
    }

    private func syncLoadState() {
        grid.setLoadState(isLoading: loader.state.isLoading, hasMore: canLoadMore)
    }

    /// `r` on a failed page: asks again, unless the server's `Retry-After` has not passed,
    /// in which case the status line says how long to wait instead of doing nothing.
    private func retryPage() {
        if let ticket = loader.retry() {
            retryRefusal = nil
            launch(ticket)
        } else if case .failed = loader.state, let notBefore = loader.retryNotBefore {
            let left = notBefore - ContinuousClock.now
            let seconds = max(1, Int(left.components.seconds) + (left.components.attoseconds > 0 ? 1 : 0))
            retryRefusal = "the server asked to wait; r again in \(seconds) s"
        }
    }

    /// Starts a page request for `ticket` (nil: nothing to do) on the runner.
    private func launch(_ ticket: PageTicket?) {
        guard let ticket else { return }
        pageRequestCount += 1
        let fetcher = PageFetcher(transport: transport, strategy: strategy, policy: retryPolicy)
        retryNote = nil
        runner.runReporting { post in
            .page(ticket, await fetcher.fetch(ticket) { attempt, failure, wait in
                post(.pageRetrying(ticket, attempt: attempt, failure: failure, wait: wait))
            })
        }
        syncLoadState()
        needsRedraw = true
    }

    /// Starts the list over for a name search; "" restores the full list.
    private func apply(query text: String) {
        query = text
        let request: APIRequest = text.isEmpty ? .list(.character) : .list(.character, filters: [("name", text)])
        strategy = RickAndMortyPages(baseURL: baseURL, request: request)
        loader.reset(strategy: strategy)
        closeDetail()
        listView.reset()
        relayout()
        syncLoadState()
        grid.checkLoadMore()
    }

    // MARK: Detail

    private func openDetail(_ character: PortalCore.Character) {
        lastDetailToken += 1
        let token = lastDetailToken
        let model = DetailViewModel(character: character, token: token)
        let wasOpen = detail != nil
        detail = model
        if !wasOpen { relayout() }
        if let cached = cachedEpisodes(for: character) {
            model.episodes = .loaded(cached)
        } else {
            let missing = character.episodeIDs.map(Int.init).filter { episodeCache[$0] == nil }
            episodeRequestCount += 1
            let fetcher = EpisodeFetcher(transport: transport, baseURL: baseURL, policy: retryPolicy)
            let id = character.id
            runner.run { .episodes(characterID: id, token: token, await fetcher.fetch(ids: missing)) }
        }
        // After the episodes: they matter more, and the runner starts work in order.
        loadAvatar(for: character, into: model)
    }

    /// Shows the cached avatar, or starts the one request for it (fetch and decode, off
    /// the UI thread).
    private func loadAvatar(for character: PortalCore.Character, into model: DetailViewModel) {
        guard showsAvatars else { return }
        let avatarID = character.avatarID
        switch avatarCache[avatarID] {
        case .image(let image):
            model.avatar = image
        case .unavailable:
            break
        case .failed, nil:
            avatarRequestCount += 1
            let fetcher = AvatarFetcher(transport: transport, baseURL: baseURL)
            let id = character.id
            let token = model.token
            runner.run { .avatar(characterID: id, token: token, avatarID: avatarID, await fetcher.fetch(avatarID: avatarID)) }
        }
    }

    /// The character's episodes in its own order, if all of them are cached.
    private func cachedEpisodes(for character: PortalCore.Character) -> [Episode]? {
        var out: [Episode] = []
        out.reserveCapacity(character.episodeIDs.count)
        for id in character.episodeIDs {
            guard let episode = episodeCache[Int(id)] else { return nil }
            out.append(episode)
        }
        return out
    }

    private func closeDetail() {
        guard detail != nil else { return }
        detail = nil
        relayout()
    }

    /// Gives the grid its rectangle for the current size and pane.
    private func relayout() {
        guard started else { return }
        let layout = self.layout
        let rect = layout.isTooSmall ? Rect(top: 0, left: 0, width: 0, height: 0) : layout.grid
        if !layout.isTooSmall { grid.resize(width: rect.width, height: rect.height) }
        detail?.clampScroll(viewRows: layout.detail.height)
    }

    // MARK: Drawing

    public var listStatus: ListStatus {
        let phase: ListStatus.Phase
        switch loader.state {
        case .idle: phase = .idle
        case .loading: phase = retryNote.map { .retrying($0) } ?? .loading(spinner: pageRequestCount - 1)
        case .failed(let failure, _):
            // The refusal first: it is what the user just asked about, and the line may be cut.
            phase = .failed((retryRefusal.map { $0 + " · " } ?? "") + Sanitize.line(failure.message))
        case .exhausted: phase = .exhausted
        }
        return ListStatus(loaded: loader.count, total: loader.totalCount, pages: loader.pagesLoaded, phase: phase)
    }

    private var gridNote: GridNote {
        switch loader.state {
        case .loading: return .loading
        case .failed(let failure, _): return loader.count == 0 ? .failed(failure.message) : .none
        case .exhausted where loader.count == 0:
            return .empty(query.isEmpty ? "no characters" : "no characters match “\(Sanitize.line(query))”")
        default: return .none
        }
    }

    private func draw(into screen: any Screen) {
        let layout = self.layout
        if layout.isTooSmall {
            TooSmallView.draw(size: size, into: screen)
            return
        }
        HeaderView.draw(source: sourceLabel, query: Sanitize.line(query), width: size.columns, row: layout.headerRow, into: screen)
        if let detail, !layout.isSideBySide {
            DetailView.draw(detail, in: layout.detail, beside: false, into: screen)
        } else {
            GridView.draw(grid: grid, characters: listView.characters, note: gridNote, in: layout.grid, into: screen)
            if let detail { DetailView.draw(detail, in: layout.detail, beside: true, into: screen) }
        }
        StatusLineView.draw(listStatus, width: size.columns, row: layout.statusRow, into: screen)
        if search.isActive {
            FooterView.drawPrompt(search, width: size.columns, row: layout.footerRow, into: screen)
        } else {
            FooterView.drawHints(for: context, width: size.columns, row: layout.footerRow, into: screen)
        }
        if showsHelp { HelpOverlayView.draw(size: size, into: screen) }
    }
}
