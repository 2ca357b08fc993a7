import ArgumentParser
import Foundation
import PortalCore
import PortalPaging
import PortalRuntime
import PortalSources
import PortalTerminal
import PortalUI

extension PicturesOption: ExpressibleByArgument {}

/// `portal browse` (also plain `portal`): the full-screen browser with infinite scroll,
/// one tab per list of the source — Rick and Morty's three, PokeAPI's Pokémon, or the
/// PostgREST `--table`, or the lists `--url`, `--openapi` or `--graphql` name: the flags
/// become a `SourceRequest`, and `SourceResolver` makes the source.
///
/// Its `run` is main-actor isolated: the sign-in and `--url`'s first answer are awaited
/// (the main thread is free meanwhile, never parked on a semaphore), then the browser's
/// event loop owns the main thread and blocks in `poll()` there. Exit status: 0 after `q`, 130 after Ctrl-C or SIGINT, 143
/// after SIGTERM, 129 after SIGHUP or a lost terminal, 1 for any error (printed after the
/// terminal was restored), 2 for a usage error.
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse the API in the terminal with infinite scroll (the default).",
        discussion: """
            Filters open the first tab already filtered, as `portal list` takes them: \
            --name --status --species --type --gender for characters, --name --episode for \
            episodes, --name --type --dimension for locations.
            """
    )

    @Option(help: ArgumentHelp("The tab shown first: characters, episodes or locations (Rick and Morty; PokeAPI and PostgREST have one tab).", valueName: "tab"))
    var tab: String?

    @Option(name: .customLong("max-pages"), help: ArgumentHelp(
        "Loaded pages each tab keeps; the pages farthest from the screen are dropped first and asked for again on return.",
        valueName: "n"))
    var maxPages = SparseList<Item>.defaultMaxPages

    @Option(help: ArgumentHelp(
        "Pictures on cards and in the detail pane: auto (the terminal's answer decides: sixel or kitty pixels, else symbols — coloured as terminfo allows; none with NO_COLOR or TERM=dumb), sixel, kitty, symbols or off.",
        valueName: "auto|sixel|kitty|symbols|off"))
    var pictures: PicturesOption = .auto

    @OptionGroup var filters: FilterOptions

    @OptionGroup var source: SourceOptions

    @OptionGroup var view: ViewOptions

    @OptionGroup var watch: WatchOptions

    @OptionGroup var live: BrowseEventsOptions

    /// `--live` on a GraphQL endpoint (LiveSetup+GraphQL.swift).
    @OptionGroup var liveFlag: BrowseLiveOptions

    /// The tab index `--tab` names in `tabs` (by title, kind, or either's plural).
    static func tabIndex(_ name: String, in tabs: [TabSpec]) -> Int? { TabSpec.index(of: name, in: tabs) }

    func validate() throws {
        guard maxPages > 0 else { throw ValidationError("--max-pages must be at least 1") }
        if let events = live.events {
            if source.anyAPI.url == nil { throw ValidationError("--events goes with --url (the list whose changes it follows)") }
            if LiveSetup.eventsURL(events) == nil { throw ValidationError("--events '\(Sanitize.line(events))' must be an http(s) URL") }
        }
        if source.graphQL.graphql != nil, let (key, _) = filters.given.first { throw ValidationError("--\(key) is a filter of the built-in APIs; with --graphql write it in --query") }
        if source.graphQL.graphql != nil { return }
        if source.openAPI.location != nil, let (key, _) = filters.given.first { throw ValidationError("--\(key) is a filter of the built-in APIs; with --openapi use the f form") }
        if source.openAPI.location != nil { return }
        if source.anyAPI.url != nil {
            if tab != nil { throw ValidationError("--tab: the list at --url is the only tab") }
            if let (key, _) = filters.given.first { throw ValidationError("--\(key) is a filter of the built-in APIs; with --url put the API's own parameters in the URL") }
            return
        }
        let tabs = try usage { try source.request.presetSource() }.tabs
        let index = try tab.map { name in
            guard let index = Self.tabIndex(name, in: tabs) else {
                throw ValidationError("--tab must be one of: \(tabs.map { $0.title.lowercased() }.joined(separator: ", "))")
            }
            return index
        } ?? 0
        let spec = tabs[index]
        try filters.validate(allowed: spec.filterKeys, for: spec.title.lowercased())
    }

    @MainActor
    func run() async throws {
        // Everything that can fail with a message fails here, before the screen changes.
        var request = source.request
        (request.live, request.events) = (liveFlag.live, self.live.events)
        let resolved = try await SourceResolver.standard.resolve(request, for: .browse(tab: tab))
        let (browseSource, made, label, initialTab) = (resolved.source, resolved.connection, resolved.label, resolved.tab)
        let transport = made.transport
        let filters = self.filters.given
        let maxPages = self.maxPages
        let (tableFields, sortStyle) = (request.cardFields, view.sortStyle)
        let watchEvery = watch.interval
        let (origins, live) = (resolved.originNotes, resolved.live)  // lists on an origin not named (item 7); --live, --events
        let interpreter = EffectInterpreter(source: browseSource, transport: transport,
                                            prepareThread: { TerminalUI.prepareWorkerThread() }, liveFeeds: live.feeds)
        let status: ExitStatus
        do {
            // On the main actor, so on the main thread: the loop blocks it in poll() until quit.
            status = try TerminalUI.run(performer: interpreter, pictures: pictures, onIdle: made.tracer.map { tracer in { tracer.markIdle() } }) { mode in
                ScreenController(source: browseSource, sourceLabel: label, initialTab: initialTab, initialFilters: filters,
                                 pictures: mode, maxPages: maxPages, tableFields: tableFields, sortStyle: sortStyle)
                    .watching(every: watchEvery)
                    .notingOrigins(origins)
                    .following(live.follows)
            }
        } catch let error as TerminalError {
            throw RuntimeFailure(error.description)
        }
        // The terminal is restored by now, so the line cannot disturb the screen.
        if let problem = made.traceProblem {
            StandardStreams.error(problem)
            Foundation.exit(status == .quit ? 1 : status.code)
        }
        if status != .quit {
            Foundation.exit(status.code)
        }
    }
}
