import Foundation
import PortalCore
import PortalDemoModels

/// PokeAPI's detail of one Pokémon, `GET {base}/pokemon/{id}/`, decoded into a
/// `PokemonRecord` (types by slot, height, weight, base experience and the sprite URL when
/// the answer has `sprites.front_default`): the typed model the mirror's and snapshot's
/// tests read a detail answer by (the browser reads it as a record of Presets/pokeapi.toml).
public struct PokemonDetailRequest: Sendable, Hashable {
    /// The API root, e.g. `https://pokeapi.co/api/v2`.
    public let baseURL: BaseURL
    public let id: Int
    /// Added to the request (`--header`).
    public let headers: RequestHeaders

    public init(baseURL: BaseURL, id: Int, headers: RequestHeaders = RequestHeaders()) {
        self.baseURL = baseURL
        self.id = id
        self.headers = headers
    }

    /// `{base}/pokemon/{id}/`, with the trailing slash the real API redirects to.
    public var http: HTTPRequest {
        // An Int in a valid base URL always parses; a base URL that is no URL is refused by every transport.
        HTTPRequest(url: URL(string: "\(baseURL)/pokemon/\(id)/") ?? .unservable, headers: headers.applied(to: [:]))
    }

    /// The record, or a `PageFailure` (an error status, or a body that is not a Pokémon or
    /// is another one than asked).
    public func decode(_ response: HTTPResponse) throws(PageFailure) -> PokemonRecord {
        let record = try Self.record(from: response)
        guard record.id == id else {
            throw PageFailure(.malformed, "asked for Pokémon \(id), got \(record.id)")
        }
        return record
    }

    /// Any Pokémon detail answer as a record, whichever id it is (an error status or a body
    /// that is not a Pokémon is a `PageFailure`).
    public static func record(from response: HTTPResponse) throws(PageFailure) -> PokemonRecord {
        guard (200..<300).contains(response.status) else { throw PageFailure(statusOf: response) }
        do {
            return try JSONDecoder().decode(PokemonRecord.self, from: response.body)
        } catch {
            throw PageFailure(.malformed, "malformed Pokémon: \(String(describing: error).prefix(200))")
        }
    }

    /// Fetches it through `sender` (retrying transient failures like every page).
    public func fetch(with sender: RetryingSender) async -> Result<PokemonRecord, PageFailure> {
        await sender.send(http, decode: { response throws(PageFailure) in try decode(response) })
    }
}
