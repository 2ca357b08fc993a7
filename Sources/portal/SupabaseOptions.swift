import ArgumentParser
import Foundation
import PortalCore

/// Supabase's ways of reading a project, as its apps do: signed in as a user (`--email`;
/// the password from `PORTAL_PASSWORD` or a prompt that does not echo, never a flag), a
/// list from a PostgREST function (`--rpc NAME --args JSON`), and the count asked for
/// (`--count exact|planned|estimated|none`). All of them are for PostgREST sources.
///
/// Kept apart from `APIOptions` so the per-API option registry can take it as one
/// group. Nothing here is a secret except the password, which is read when the session
/// starts and never stored.
struct SupabaseOptions: ParsableArguments {
    @Option(help: ArgumentHelp("PostgREST: sign in to Supabase Auth as this user (password from PORTAL_PASSWORD, else asked for on the terminal).", valueName: "address"))
    var email: String?

    @Option(help: ArgumentHelp("PostgREST: list the rows of this function (POST /rpc/NAME) instead of a table.", valueName: "name"))
    var rpc: String?

    @Option(help: ArgumentHelp("PostgREST: the function's arguments, a JSON object, e.g. '{\"status\":\"Dead\"}' (with --rpc).", valueName: "json"))
    var args: String?

    @Option(help: ArgumentHelp("PostgREST: the total to ask for: exact (default), planned or estimated (shown as ≈ N), or none.", valueName: "count"))
    var count: PostgRESTCount?

    /// The environment variable the password is read from.
    static let passwordVariable = "PORTAL_PASSWORD"

    /// Checks the flags for `kind`; every message names a flag, never a value but the
    /// function's name.
    func check(for kind: APIKind, data: String?, table: String?) throws {
        if kind != .postgREST {
            for (flag, given) in [("--email", email != nil), ("--rpc", rpc != nil), ("--args", args != nil), ("--count", count != nil)] where given {
                throw ValidationError("\(flag) is for PostgREST sources (--api postgrest or a …/rest/v1 base URL)")
            }
        }
        if let email {
            guard data == nil else { throw ValidationError("--email signs in to a server; the offline snapshot has no users") }
            guard email.contains("@"), !email.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
                throw ValidationError("--email must be an address like ann@example.com")
            }
        }
        if let rpc, !PostgRESTFilter.isTableName(rpc) {
            throw ValidationError("--rpc '\(Sanitize.line(rpc))' is not a function name")
        }
        if args != nil, rpc == nil { throw ValidationError("--args goes with --rpc") }
        if rpc != nil, table != nil { throw ValidationError("give --table or --rpc, not both") }
        _ = try function()
    }

    /// The function to list, with its arguments (`{}` without `--args`).
    func function() throws -> PostgRESTFunction? {
        guard let rpc else { return nil }
        guard let args else { return .init(name: rpc) }
        let data = Data(args.utf8)
        guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
            throw ValidationError("--args must be a JSON object, e.g. '{\"status\":\"Dead\"}'")
        }
        return .init(name: rpc, arguments: data)
    }

    var countMode: PostgRESTCount { count ?? .exact }
}

extension PostgRESTCount: ExpressibleByArgument {}
