import ArgumentParser
import Foundation
import PortalCore
import PortalPresets

/// Supabase's ways of reading a project, as its apps do: signed in as a user (`--email`;
/// the password from `PORTAL_PASSWORD` or a prompt that does not echo, never a flag), a
/// list from a PostgREST function (`--rpc NAME --args JSON`), and the count asked for
/// (`--count exact|planned|estimated|none`). All of them are for PostgREST sources.
///
/// Kept apart from `APIOptions` so the per-API option registry can take it as one
/// group; checked by `SourceRequest.validate`. Nothing here is a secret except the password,
/// which is read when the session starts and never stored.
struct SupabaseOptions: ParsableArguments {
    @Option(help: ArgumentHelp("PostgREST: sign in to Supabase Auth as this user (password from PORTAL_PASSWORD, else asked for on the terminal).", valueName: "address"))
    var email: String?

    @Option(help: ArgumentHelp("PostgREST: list the rows of this function (POST /rpc/NAME) instead of a table.", valueName: "name"))
    var rpc: String?

    @Option(help: ArgumentHelp("PostgREST: the function's arguments, a JSON object, e.g. '{\"status\":\"Dead\"}' (with --rpc).", valueName: "json"))
    var args: String?

    @Option(help: ArgumentHelp("PostgREST: the total to ask for: exact (default), planned or estimated (shown as ≈ N), or none.", valueName: "count"))
    var count: PostgRESTCount?
}

extension PostgRESTCount: ExpressibleByArgument {}
