import Foundation

/// Which API a base URL speaks. The three differ in how pages are asked for and how the
/// end is found (a `next` link, offset/limit with `next: null`, or `Content-Range`), so the
/// kind picks the page strategy, the resources on offer and what `--page-size` may do.
public enum APIKind: String, Sendable, CaseIterable, CustomStringConvertible {
    case rickAndMorty = "rickandmorty"
    case pokeAPI = "pokeapi"
    case postgREST = "postgrest"

    /// Guesses the kind from a base URL's path: `…/api/v2` is PokeAPI, `…/rest/v1`
    /// PostgREST (Supabase), anything else the Rick and Morty API. A trailing slash and the
    /// case of the path do not matter; an unreadable URL is Rick and Morty's.
    public static func inferred(fromBaseURL url: String) -> APIKind {
        let path = SplitURL(url)?.path ?? url
        var lowered = path.lowercased()
        while lowered.hasSuffix("/") { lowered.removeLast() }
        if lowered.hasSuffix("/api/v2") { return .pokeAPI }
        if lowered.hasSuffix("/rest/v1") { return .postgREST }
        return .rickAndMorty
    }

    public var description: String { rawValue }

    /// The page size when none is asked for (each API's own default).
    public static let defaultPageSize = 20

    /// Whether the client chooses the page size. Rick and Morty's is fixed at 20 by the server.
    public var allowsPageSize: Bool { self != .rickAndMorty }

    /// The largest `--page-size` portal asks for (PokeAPI and PostgREST take more, but a
    /// page is drawn at once and must stay small).
    public static let pageSizeRange = 1...100
}
