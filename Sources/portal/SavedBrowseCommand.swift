import ArgumentParser
import Foundation
import PortalConfig
import PortalCore
import PortalPaging
import PortalRuntime
import PortalSources
import PortalTerminal
import PortalUI

/// `portal NAME [LIST]` (also `portal open NAME [LIST]`): browses the API saved as NAME in
/// the config file — its lists as tabs (or its preset's), opened on LIST — with its
/// headers, auth, pictures and lists' `items`/`paging`/`fields` applied as the flags would.
/// `--trace`, the cache flags and the browser's own flags work as with `portal browse`.
///
/// `Main` routes `portal NAME …` here when NAME is no subcommand; shell completions
/// complete NAME from the config file (`SavedCompletions`).
struct SavedBrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Browse an API saved in the config file (also: portal NAME [LIST]).")

    @Argument(help: ArgumentHelp("The saved API's name (portal apis lists them).", valueName: "name"),
              completion: .custom { _, _, _ in SavedRun.savedNames() })
    var name: String

    @Argument(help: ArgumentHelp("The list to open on (default: the first).", valueName: "list"),
              completion: .custom { words, index, _ in SavedCompletions.lists(words: words, at: index) })
    var list: String?

    @Option(help: ArgumentHelp("Read this config file instead of $XDG_CONFIG_HOME/portal/config.toml.", valueName: "file"))
    var config: String?

    @Option(name: .customLong("max-pages"), help: ArgumentHelp("Loaded pages each tab keeps (as portal browse).", valueName: "n"))
    var maxPages = SparseList<Item>.defaultMaxPages

    @Option(help: ArgumentHelp("Pictures: auto, sixel, kitty, symbols or off (default: the saved pictures, else auto).", valueName: "mode"))
    var pictures: PicturesOption?

    /// `--trace` and the cache flags; the source flags are the saved API's.
    @OptionGroup var source: SourceOptions

    /// `--live` on a saved API of kind GraphQL (LiveSetup+GraphQL.swift).
    @OptionGroup var liveFlag: BrowseLiveOptions

    func validate() throws {
        guard maxPages > 0 else { throw ValidationError("--max-pages must be at least 1") }
        for (flag, given) in [("--url", source.anyAPI.url != nil), ("--api", source.apiOptions.api != nil), ("--base-url", source.baseURL != nil),
                              ("--data", source.data != nil), ("--header", !source.apiOptions.headerLines.isEmpty)] where given {
            throw ValidationError("\(flag): the saved API \(Sanitize.line(name)) says where and how to ask; edit it in the config file")
        }
        let api = try usage { try SavedRun.api(named: name, config: config) }
        if liveFlag.live, api.graphql == nil {
            throw ValidationError(LiveSetup.notGraphQL(name).message)
        }
        if let saved = api.pictures, PicturesOption(rawValue: saved) == nil {
            throw ValidationError("apis.\(Sanitize.line(name)).pictures must be auto, sixel, kitty, symbols or off")
        }
    }

    /// `arguments` with `open` put before a first word that is no subcommand, no option and
    /// no built-in list's name: `portal gh issues` is `portal open gh issues`.
    static func routed(_ arguments: [String]) -> [String] {
        // `portal --config FILE NAME [LIST]`: the file may come first, as with most tools.
        if arguments.first == "--config", arguments.count >= 3 {
            let rest = routed(Array(arguments.dropFirst(2)))
            if rest.first == "open" { return rest + Array(arguments.prefix(2)) }
        } else if let first = arguments.first, first.hasPrefix("--config="), arguments.count >= 2 {
            let rest = routed(Array(arguments.dropFirst()))
            if rest.first == "open" { return rest + [first] }
        }
        guard let first = arguments.first, !first.hasPrefix("-") else { return arguments }
        let commands = Set(PortalCommand.configuration.subcommands.map { $0._commandName } + ["help"])
        guard !commands.contains(first), !ConfigFile.reservedNames.contains(first) else { return arguments }
        return ["open"] + arguments
    }

    @MainActor
    func run() async throws {
        // Everything that can fail with a message fails here, before the screen changes.
        var request = source.request(saved: name, config: config)
        request.live = liveFlag.live
        let resolved = try await SourceResolver.standard.resolve(request, for: .browse(tab: list))
        let (browseSource, made, label, initialTab) = (resolved.source, resolved.connection, resolved.label, resolved.tab)
        let maxPages = self.maxPages
        let pictures = self.pictures ?? resolved.saved?.api.pictures.flatMap(PicturesOption.init(rawValue:)) ?? .auto
        let (origins, live) = (resolved.originNotes, resolved.live)  // lists on an origin the file does not name (item 7); --live, `events`
        let interpreter = EffectInterpreter(source: browseSource, transport: made.transport,
                                            prepareThread: { TerminalUI.prepareWorkerThread() }, liveFeeds: live.feeds)
        let status: ExitStatus
        do {
            // On the main actor, so on the main thread: the loop blocks it in poll() until quit.
            status = try TerminalUI.run(performer: interpreter, pictures: pictures, onIdle: made.tracer.map { tracer in { tracer.markIdle() } }) { mode in
                ScreenController(source: browseSource, sourceLabel: label, initialTab: initialTab, initialFilters: [],
                                 pictures: mode, maxPages: maxPages, tableFields: nil, sortStyle: nil)
                    .following(live.follows)
                    .notingOrigins(origins)
            }
        } catch let error as TerminalError {
            throw RuntimeFailure(error.description)
        }
        // The terminal is restored by now, so the line cannot disturb the screen.
        if let problem = made.traceProblem {
            StandardStreams.error(problem)
            Foundation.exit(status == .quit ? 1 : status.code)
        }
        if status != .quit { Foundation.exit(status.code) }
    }
}
