import Foundation
import PortalCore
import PortalDemoModels
import PortalServers
import Synchronization

/// A PostgREST table `t` whose rows (Pokémon-shaped, by id) a test changes between
/// loads, answered through `PostgRESTRules`: a live server where rows are added and
/// removed, for `R` (refresh).
public final class LiveRowsServer: Transport {
    private let ids: Mutex<[Int]>

    public init(_ ids: [Int]) { self.ids = Mutex(ids) }

    /// The table's rows from now on, by id, in this order.
    public func set(_ new: [Int]) { ids.withLock { $0 = new } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let rows = ids.withLock { $0 }.map { PokemonRecord(id: $0, name: "p\($0)", height: 1, weight: 1, baseExperience: 1, types: []) }
        guard let split = SplitURL(request.url.absoluteString) else { throw TransportError.notServed(request.url.absoluteString) }
        return PostgRESTRules(tables: ["t": PokemonRows(rows)]).respond(table: "t", query: QueryString.pairs(split.query), headers: request.headers)
    }
}
