import ArgumentParser
import Foundation
import PortalCore
import PortalSources

/// `portal list RESOURCE`: follows a list's pages and prints each item as its page
/// arrives, one request per page, through the same engine the browser uses.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print every item of a resource, following its pages.",
        discussion: """
            Rick and Morty: characters, episodes or locations, with the API's own filters: \
            --name --status --species --type --gender for characters, --name --type --dimension for \
            locations, --name --episode for episodes. PokeAPI: pokemon. PostgREST: any table, with \
            --where and --order. A saved API: portal list NAME LIST (its lists from the config file).
            """
    )

    @Argument(help: ArgumentHelp("characters, episodes or locations; pokemon (PokeAPI); any table (PostgREST); a saved API's name; none with --url.", valueName: "resource"),
              completion: .custom { _, _, _ in SavedCompletions.resources() })
    var resource: String?

    @Argument(help: ArgumentHelp("After a saved API's name: which of its lists (default: its only one).", valueName: "list"),
              completion: .custom { words, index, _ in SavedCompletions.lists(words: words, at: index) })
    var savedList: String?

    @Option(help: ArgumentHelp("Read saved APIs from this config file instead of $XDG_CONFIG_HOME/portal/config.toml.", valueName: "file"))
    var config: String?

    @Flag(help: "With --url: say on stderr how the answer was read (items, next page, total, jumps) before the list.")
    var explain = false

    @OptionGroup var filters: FilterOptions

    @Flag(help: "One JSON object per line, in the API's own shape (--format ndjson).") var json = false

    @Option(help: ArgumentHelp("text (default), ndjson (as --json), json (one array), csv (RFC 4180) or tsv; columns from --fields.", valueName: "format"))
    var format: ListFormat?

    @Flag(help: ArgumentHelp("With --format csv or tsv: a cell beginning with = + - @, a tab, CR or LF gets a leading ' (and CSV quotes), so a spreadsheet shows it as text instead of running it as a formula (OWASP's CSV Injection advice). Without it the cells are the data exactly."))
    var csvSafe = false

    @Option(help: ArgumentHelp("Print from item N (1-based); a list addressed by page asks only for the pages that hold the range.", valueName: "N"))
    var from: Int?

    @Option(help: ArgumentHelp("Print up to item M (1-based, inclusive).", valueName: "M"))
    var to: Int?

    @Option(help: ArgumentHelp("Run a jq program on each item and print its outputs as jq -c does.", valueName: "program"))
    var jq: String?

    @Flag(name: [.customShort("r"), .customLong("raw")], help: "With --jq: print strings raw, as jq -r does.") var raw = false

    @Option(help: "Stop after this many items.") var limit: Int?

    @OptionGroup var source: SourceOptions

    /// `--events URL` (ListCommand+Events.swift).
    @OptionGroup var live: EventsOptions

    /// `--live` (ListCommand+Live.swift).
    @OptionGroup var liveFlag: LiveOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if live.events != nil, source.anyAPI.url == nil { throw ValidationError("--events goes with --url (the list whose changes it streams)") }
        if liveFlag.live, source.graphQL.graphql == nil, !source.request.followsRealtime, try savedAPI() == nil {
            throw ValidationError("--live goes with --graphql URL LIST (a GraphQL subscription) or a PostgREST table (Supabase Realtime)")
        }
        try validateOutput()
        if source.apiOptions.table != nil {
            throw ValidationError("--table is for browsing; portal list takes the table as its argument")
        }
        if source.graphQL.graphql != nil { return try validateGraphQL() }
        if source.openAPI.location != nil { return try validateOpenAPI() }
        if source.anyAPI.url != nil {
            if let resource { throw ValidationError("--url names the list; '\(Sanitize.line(resource))' is one too many") }
            if let (key, _) = filters.given.first { throw ValidationError("--\(key) is a filter of the built-in APIs; with --url put the API's own parameters in the URL") }
            return
        }
        if try savedAPI() != nil { return }
        if let savedList { throw ValidationError("'\(Sanitize.line(savedList))' is one argument too many (a saved API's list goes after its name)") }
        if explain { throw ValidationError("--explain goes with --url") }
        _ = try target()
    }

    /// The list RESOURCE names of the built-in API the flags name (`SourceRequest.presetList`),
    /// with the filters given; a name or filter the API does not have is a usage error.
    func target() throws -> (source: any Source, query: ListQuery, noun: String) {
        try usage { try request.presetList(resource) }
    }

    /// What the flags ask for, with the built-in filters.
    var request: SourceRequest {
        var request = source.request
        request.filters = filters.given
        return request
    }

    func run() async throws {
        OutputSink.ignoreBrokenPipe()
        if let events = live.events { return try await followEvents(events) }
        if liveFlag.live { return try await followLive() }
        // A spent rate limit is waited out, and said on stderr (RateBudget: issue 35, item 19).
        RateBudget.shared.announceWaits { StandardStreams.error($0) }
        // A program jq refuses is said before any request.
        let output = makeOutput()
        var request = self.request
        var list = resource
        if let saved = try savedAPI() {
            (request.saved, request.config, list) = (saved.name, config, savedList)
        }
        // Reads the list through its `Source`, as the browser does, a page at a time
        // (`ListStream`, ListCommand+Stream.swift).
        let resolved = try await SourceResolver.standard.resolve(request, for: .list(list))
        let made = resolved.connection
        // A trace that stopped is reported once, after the list: exit 1 even when the
        // list itself succeeded, since the trace asked for is incomplete.
        do {
            if explain { await sayExplanation(resolved) }
            try await stream(resolved.source, resolved.query, made.transport, noun: resolved.noun, output: output)
        } catch {
            if let problem = made.traceProblem { StandardStreams.error(problem) }
            throw error
        }
        if let problem = made.traceProblem { throw RuntimeFailure(problem) }
    }

    /// `--explain` on stderr, through the one sanitising sink: how a GraphQL schema or an
    /// OpenAPI document was read, or a list's spec in force as TOML to paste into the
    /// config file (docs/presets.md) and, for `--url`, how its answer was read.
    private func sayExplanation(_ resolved: ResolvedSource) async {
        let (listed, query, transport) = (resolved.source, resolved.query, resolved.connection.transport)
        if let api = resolved.saved?.api {
            let name = resolved.listName
            if let spec = await SpecInForce.text(listed, query, transport: transport, api: api.name, list: name,
                                                 path: api.lists.first { $0.name == name }?.path ?? name, items: nil) {
                StandardStreams.error(lines: spec.split(separator: "\n").map(String.init))
            }
        } else if let reading = resolved.reading, let url = request.url {
            let spec = await SpecInForce.text(listed, query, transport: transport, api: "NAME", list: listed.tabs[0].kind.rawValue, path: url, items: nil)
            StandardStreams.error(lines: ["as a list spec (docs/presets.md):"] + (spec ?? "").split(separator: "\n").map(String.init))
            StandardStreams.error(lines: reading.explanation)
        } else {
            StandardStreams.error(lines: resolved.explanation)
        }
    }
}

/// Formats items as aligned text lines or as the API's JSON. In a text line every string
/// from the network goes through `Sanitize`, so it cannot carry escape sequences to the
/// terminal; the JSON keeps the server's strings exactly, controls written as JSON escapes
/// (`JSONWriter`, `ExportJSON`).
struct ItemPrinter {
    let json: Bool

    /// One line for any item: the models' own lines, PokeAPI entries and rows as
    /// `RowPrinter` writes them.
    func line(_ item: Item) -> String {
        RowPrinter(json: json).line(item.record)
    }

    /// `text` sanitised and padded to `width` characters (on the left with `right`).
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let clean = Sanitize.line(text)
        let gap = String(repeating: " ", count: max(0, width - clean.count))
        return right ? gap + clean : clean + gap
    }
}
