import Foundation
import PortalCore

/// The set-returning functions the mirror and the snapshot serve under `rpc/NAME`, over
/// the `characters` table, as a Supabase project would define them in SQL:
///
/// - `characters_by_status(status text)`: `select * from characters where status = $1`
///   (exact, case-sensitive: `Dead` is 287 rows of the snapshot);
/// - `search_characters(query text)`: `… where name ilike '%' || $1 || '%'`.
///
/// Their rows are a table (`RowSubset`), so the caller pages, filters and orders them. A
/// function that does not exist, or is called without its argument or with another one,
/// is PostgREST's 404 `PGRST202`.
public struct PostgRESTFunctions: Sendable {
    private let characters: (any RowTable)?

    public init(characters: (any RowTable)?) { self.characters = characters }

    /// The functions, with their parameters.
    public static let signatures: [String: [String]] = [
        "characters_by_status": ["status"],
        "search_characters": ["query"],
    ]

    public func parameters(of name: String) -> [String]? { Self.signatures[name] }

    /// Why a call found no function: PostgREST's 404 body.
    public struct NotFound: Error {
        public let response: HTTPResponse
    }

    /// The rows of `name(arguments)`, or PostgREST's 404 for no such function.
    public func call(_ name: String, arguments: [String: String]) -> Result<any RowTable, NotFound> {
        guard let parameters = Self.signatures[name], Set(arguments.keys) == Set(parameters), let characters else {
            let given = arguments.keys.sorted().joined(separator: ", ")
            let response = PostgRESTRules.error(
                404, code: "PGRST202",
                message: "Could not find the function public.\(name)(\(given)) in the schema cache",
                details: "Searched for the function public.\(name) with parameters \(given.isEmpty ? "[]" : given) or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
                hint: nil)
            return .failure(NotFound(response: response))
        }
        switch name {
        case "characters_by_status":
            let status = arguments["status"] ?? ""
            return .success(RowSubset(characters) { position in
                if case .string(let value)? = characters.value("status", at: position) { return value == status }
                return false
            })
        default:
            let query = arguments["query"] ?? ""
            return .success(RowSubset(characters) { position in
                guard case .string(let value)? = characters.value("name", at: position) else { return false }
                return query.isEmpty || value.range(of: query, options: [.caseInsensitive]) != nil
            })
        }
    }
}
