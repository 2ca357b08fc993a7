import ArgumentParser
import Foundation
import PortalCore

/// Which API a source speaks and how to ask it: `--api` (else inferred from the base
/// URL's path), `--page-size`, PostgREST's `--table`, `--where` and `--order`, and the
/// headers sent with every request (`--header`, and the key from `PORTAL_API_KEY`).
///
/// Every value is checked before anything is fetched, so a typo is a usage error (exit 2).
/// Header values are secrets: no message here repeats one.
struct DialectOptions: ParsableArguments {
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

    /// The API to speak: `--api`, else the base URL's, else Rick and Morty.
    func kind(baseURL: String?) -> APIKind {
        api ?? baseURL.map(APIKind.inferred(fromBaseURL:)) ?? .rickAndMorty
    }

    var tableName: String { table ?? "characters" }

    /// Checks every value for `kind`; the message names the flag, never a header's value.
    func check(for kind: APIKind) throws {
        if let pageSize {
            guard APIKind.pageSizeRange.contains(pageSize) else {
                throw ValidationError("--page-size must be between 1 and 100, got \(pageSize)")
            }
            guard kind.allowsPageSize else {
                throw ValidationError("--page-size: the Rick and Morty API's pages are fixed at 20 items")
            }
        }
        if kind != .postgREST {
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
        if let key = environment[RequestHeaders.apiKeyVariable] {
            do { try headers.addAPIKey(key) } catch { throw ValidationError("\(error)") }
        }
        return headers
    }
}

extension APIKind: ExpressibleByArgument {}
