import ArgumentParser
import Foundation
import PortalCore
import PortalServers

/// Which preset a source is and how to ask it: `--api` (else inferred from the base
/// URL's path), `--page-size`, PostgREST's `--table`, `--where` and `--order`, and the
/// headers sent with every request (`--header`, and the key from `PORTAL_API_KEY`).
///
/// Every value is checked before anything is fetched, so a typo is a usage error (exit 2).
/// Header values are secrets: no message here repeats one.
struct APIOptions: ParsableArguments {
    @Option(help: ArgumentHelp("rickandmorty, pokeapi or postgrest (default: from the base URL's path: …/api/v2 is pokeapi, …/rest/v1 postgrest).", valueName: "api"))
    var api: APIKind?

    @Option(name: .customLong("page-size"), help: ArgumentHelp("Items per page, 1–100 (PokeAPI and PostgREST; Rick and Morty's is fixed at 20).", valueName: "n"))
    var pageSize: Int?

    @Option(help: ArgumentHelp("PostgREST: the table to browse (default characters).", valueName: "name"))
    var table: String?

    @Option(name: .customLong("where"), help: ArgumentHelp("PostgREST: a filter column=operator.value, e.g. status=eq.Dead (repeatable).", valueName: "filter"))
    var whereClauses: [String] = []

    @Option(help: ArgumentHelp("PostgREST: sort by column[.desc] (default id).", valueName: "order"))
    var order: String?

    @Option(name: .customLong("header"), help: ArgumentHelp("Send this header with every request, 'Name: value' (repeatable, like curl).", valueName: "header"))
    var headerLines: [String] = []

    /// Set for a saved API (`portal NAME`): its config names its own credentials, so the
    /// key in `PORTAL_API_KEY` (meant for the API on the command line) is not sent to it —
    /// a key for one server must never reach another. Hidden: the saved-API path adds it.
    @Flag(name: .customLong("no-key-variable"), help: .hidden)
    var ignoresKeyVariable = false

    /// `PORTAL_API_KEY` from `environment`, unless this source ignores it.
    func keyVariable(in environment: [String: String]) -> String? {
        ignoresKeyVariable ? nil : environment[RequestHeaders.apiKeyVariable]
    }

    /// The preset: `--api`, else the base URL's, else Rick and Morty.
    func preset(baseURL: BaseURL?) -> APIPreset {
        if let api { return APIRegistry.preset(of: api) }
        return baseURL.map(APIRegistry.inferred(from:)) ?? APIRegistry.presets[0]
    }

    var tableName: String { table ?? "characters" }

    /// Checks every value for `api`; the message names the flag, never a header's value.
    func check(for api: APIPreset) throws {
        if let pageSize {
            guard APIKind.pageSizeRange.contains(pageSize) else {
                throw ValidationError("--page-size must be between 1 and 100, got \(pageSize)")
            }
            if let fixed = api.fixedPageSize {
                throw ValidationError("--page-size: the \(api.title) API's pages are fixed at \(fixed) items")
            }
        }
        if !api.takesTables {
            for (flag, given) in [("--table", table != nil), ("--where", !whereClauses.isEmpty), ("--order", order != nil)] where given {
                throw ValidationError("\(flag) is for PostgREST sources (--api postgrest or a …/rest/v1 base URL)")
            }
        }
        if let table, !PostgRESTFilter.isTableName(table) {
            throw ValidationError("--table '\(Sanitize.line(table))' is not a table name")
        }
        _ = try filters()
        _ = try sortOrder()
        _ = try headers(environment: ProcessInfo.processInfo.environment)
    }

    func filters() throws -> [PostgRESTFilter] {
        try whereClauses.map { text in
            do { return try PostgRESTFilter(parsing: text) } catch { throw ValidationError("\(error)") }
        }
    }

    func sortOrder() throws -> PostgRESTOrder {
        guard let order else { return .byID }
        do { return try PostgRESTOrder(parsing: order) } catch { throw ValidationError("\(error)") }
    }

    /// `--header` lines, then the key from `PORTAL_API_KEY` (which wins over a `--header`
    /// of the same name).
    func headers(environment: [String: String]) throws -> RequestHeaders {
        var headers = RequestHeaders()
        for line in headerLines {
            do { try headers.add(line: line) } catch { throw ValidationError("\(error)") }
        }
        if let key = keyVariable(in: environment) {
            do { try headers.addAPIKey(key) } catch { throw ValidationError("\(error)") }
        }
        return headers
    }
}

extension APIKind: ExpressibleByArgument {
    /// A name `APIRegistry` has; anything else is a usage error listing them.
    public init?(argument: String) {
        guard let known = APIRegistry.named(argument) else { return nil }
        self = known.kind
    }

    public static var allValueStrings: [String] { APIRegistry.presets.map(\.kind.rawValue) }
}
