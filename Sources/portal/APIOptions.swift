import ArgumentParser
import Foundation
import PortalCore
import PortalPresets

/// Which preset a source is and how to ask it: `--api` (else inferred from the base
/// URL's path), `--page-size`, PostgREST's `--table`, `--where` and `--order`, and the
/// headers sent with every request (`--header`, and the key from `PORTAL_API_KEY`).
///
/// Every value is checked before anything is fetched (`SourceRequest.validate`), so a typo
/// is a usage error (exit 2). Header values are secrets: no message repeats one.
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
}

extension APIKind: ExpressibleByArgument {
    /// A name `APIRegistry` has; anything else is a usage error listing them.
    public init?(argument: String) {
        guard let known = APIRegistry.named(argument) else { return nil }
        self = known.kind
    }

    public static var allValueStrings: [String] { APIRegistry.presets.map(\.kind.rawValue) }
}
