import ArgumentParser
import Foundation
import PortalCore

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
            --where and --order.
            """
    )

    @Argument(help: ArgumentHelp("characters, episodes or locations; pokemon (PokeAPI); any table (PostgREST; none with --rpc).", valueName: "resource"))
    var resourceArgument: String?

    /// The resource named, or the function with `--rpc`.
    private var resource: String { resourceArgument ?? source.supabase.rpc ?? "" }

    @OptionGroup var filters: FilterOptions

    @Flag(help: "One JSON object per line, in the API's own shape.") var json = false

    @Option(help: "Stop after this many items.") var limit: Int?

    @OptionGroup var source: SourceOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        let api = source.apiKind
        if api != .postgREST, resourceArgument == nil {
            throw ValidationError("name the resource to list")
        }
        if api != .rickAndMorty, let (key, _) = filters.given.first {
            throw ValidationError("--\(key) is a Rick and Morty filter\(api == .postgREST ? "; use --where" : "")")
        }
        if source.dialect.table != nil {
            throw ValidationError("--table is for browsing; portal list takes the table as its argument")
        }
        switch api {
        case .rickAndMorty:
            guard let resource = rickAndMortyResource else {
                throw ValidationError("'\(Sanitize.line(resource))' is not a Rick and Morty resource (characters, episodes, locations); for another API give --api")
            }
            try filters.validate(allowed: resource.allowedFilters, for: resource.plural)
        case .pokeAPI:
            guard resource == "pokemon" else {
                throw ValidationError("'\(Sanitize.line(resource))' is not a PokeAPI resource portal lists (pokemon)")
            }
        case .postgREST:
            if source.supabase.rpc != nil {
                guard resourceArgument == nil else {
                    throw ValidationError("give a table or --rpc, not both")
                }
            } else {
                guard let table = resourceArgument else { throw ValidationError("name the table to list (or give --rpc)") }
                guard PostgRESTFilter.isTableName(table) else {
                    throw ValidationError("'\(Sanitize.line(table))' is not a table name")
                }
            }
        }
    }

    private var rickAndMortyResource: Resource? { ResourceArgument(argument: resource)?.value }

    func run() async throws {
        let made = try source.connect()
        try await made.signIn()
        // A trace that stopped is reported once, after the list: exit 1 even when the
        // list itself succeeded, since the trace asked for is incomplete.
        do {
            try await list(made.transport)
        } catch {
            if let problem = made.traceProblem { FileHandle.standardError.write(Data("portal: \(problem)\n".utf8)) }
            throw error
        }
        if let problem = made.traceProblem { throw RuntimeFailure(problem) }
    }

    private func list(_ transport: any Transport) async throws {
        let base = source.apiBaseURL
        switch source.apiKind {
        case .rickAndMorty:
            guard let resource = rickAndMortyResource else { return }
            let request = APIRequest.list(resource, filters: filters.given)
            let printer = ItemPrinter(json: json, encoding: APIJSONEncoding(baseURL: base))
            let headers = try source.requestHeaders()
            switch resource {
            case .character:
                try await follow(RickAndMortyPages<Character>(baseURL: base, request: request, headers: headers), transport, printer.line)
            case .episode:
                try await follow(RickAndMortyPages<Episode>(baseURL: base, request: request, headers: headers), transport, printer.line)
            case .location:
                try await follow(RickAndMortyPages<Location>(baseURL: base, request: request, headers: headers), transport, printer.line)
            }
        case .pokeAPI:
            let strategy = OffsetLimitPages<PokemonSummary>(
                baseURL: base, path: "pokemon", limit: source.dialect.pageSize ?? APIKind.defaultPageSize,
                headers: try source.requestHeaders())
            try await follow(strategy, transport, RowPrinter(json: json).line)
        case .postgREST:
            let function = try source.supabase.function()
            let strategy = ContentRangePages<Row>(
                baseURL: base, table: resource, pageSize: source.dialect.pageSize ?? APIKind.defaultPageSize,
                window: function == nil ? .rangeHeader : .limitOffset, count: source.supabase.countMode,
                filters: try source.dialect.filters(), order: try source.dialect.sortOrder(),
                headers: try source.requestHeaders(), function: function)
            try await follow(strategy, transport, RowPrinter(json: json).line)
        }
    }

    private func follow<Strategy: PageStrategy>(
        _ strategy: Strategy, _ transport: any Transport, _ format: (Strategy.Item) -> String
    ) async throws {
        let loader = ListLoader(strategy: strategy)
        let fetcher = PageFetcher(transport: transport, strategy: strategy)
        var printed = 0
        var saidStale = false
        var saidEstimate = false
        let output = FileHandle.standardOutput
        while let ticket = loader.loadMore() {
            let result = await fetcher.fetch(ticket)
            // Once per run: the network failed and the disk cache stood in (stale-if-error).
            if !saidStale, case .success(let page) = result, let cache = page.cache, cache.source == .stale {
                saidStale = true
                let why = cache.networkUnavailable.map(Sanitize.line) ?? "the network failed"
                FileHandle.standardError.write(Data("portal: \(why); showing answers \(cache.label(now: Date()) ?? "cached")\n".utf8))
            }
            // Once: a planned or estimated total, said as one (the list still ends where its rows do).
            if !saidEstimate, case .success(let page) = result, let estimate = ReportedCount.plausible(page.estimatedTotal) {
                saidEstimate = true
                FileHandle.standardError.write(Data("portal: ≈ \(estimate) rows (the server's estimate)\n".utf8))
            }
            let change = loader.apply(result, for: ticket)
            switch change {
            case .inserted(let range):
                var text = ""
                for item in loader.items[range] {
                    guard limit.map({ printed < $0 }) ?? true else { break }
                    text += format(item) + "\n"
                    printed += 1
                }
                output.write(Data(text.utf8))
                if let limit, printed >= limit { return }
            case .failed(let failure):
                throw RuntimeFailure("page \(ticket.request.index + 1) failed after \(printed) items: \(failure.message)")
            case .ignored:
                break
            }
        }
        if loader.items.isEmpty {
            let noun = rickAndMortyResource.map(\.plural) ?? resource
            FileHandle.standardError.write(Data("portal: no \(Sanitize.line(noun)) match\n".utf8))
        }
    }
}

/// The resource named on the command line.
struct ResourceArgument: ExpressibleByArgument {
    let value: Resource

    init?(argument: String) {
        guard let resource = Resource(plural: argument) ?? Resource(rawValue: argument) else { return nil }
        value = resource
    }

    static var allValueStrings: [String] { Resource.allCases.map(\.plural) }
}

/// Formats items as aligned text lines or as the API's JSON. Every string from the
/// network goes through `Sanitize` so it cannot carry escape sequences to the terminal.
struct ItemPrinter {
    let json: Bool
    let encoding: APIJSONEncoding

    func line(_ c: Character) -> String {
        if json { return encoding.line(c) }
        let species = c.type.isEmpty ? c.species : "\(c.species) · \(c.type)"
        return "\(Self.pad(String(c.id), 4, right: true))  \(Self.pad(c.name, 34))  \(Self.pad(c.status.rawValue, 8))  \(Sanitize.line(species))"
    }

    func line(_ e: Episode) -> String {
        if json { return encoding.line(e) }
        return "\(Self.pad(String(e.id), 3, right: true))  \(Self.pad(e.code, 7))  \(Self.pad(e.name, 40))  \(Sanitize.line(e.airDate))"
    }

    func line(_ l: Location) -> String {
        if json { return encoding.line(l) }
        return "\(Self.pad(String(l.id), 4, right: true))  \(Self.pad(l.name, 36))  \(Self.pad(l.type, 18))  \(Sanitize.line(l.dimension))"
    }

    /// `text` sanitised and padded to `width` characters (on the left with `right`).
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let clean = Sanitize.line(text)
        let gap = String(repeating: " ", count: max(0, width - clean.count))
        return right ? gap + clean : clean + gap
    }
}
