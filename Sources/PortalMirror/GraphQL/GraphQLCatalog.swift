import Foundation
import struct PortalPresets.APIRequest
import struct PortalCore.BaseURL
import struct PortalDemoModels.Character
import struct PortalDemoModels.Episode
import struct PortalDemoModels.Location
import protocol PortalServers.FilterableItem
import struct PortalServers.ArrayTable
import struct PortalServers.FilterMatcher
import protocol PortalServers.ItemTable
import struct PortalServers.ServedData
import Synchronization

/// What `/graphql` serves: the same tables as the REST routes (so `--scale` and
/// `--grow-every` apply to the characters), read by position, filtered the way the REST
/// API filters (`FilterMatcher`).
struct GraphQLCatalog: Sendable {
    let characters: any ItemTable<Character>
    let episodes: any ItemTable<Episode>
    let locations: any ItemTable<Location>
    /// The REST root the `image` URLs are built under (`http://HOST:PORT/api`).
    let publicRoot: BaseURL
    private let matches = FilterResults()

    init(served: ServedData, publicRoot: BaseURL) {
        characters = served.characters
        episodes = ArrayTable(served.rickAndMorty.episodes)
        locations = ArrayTable(served.rickAndMorty.locations)
        self.publicRoot = publicRoot
    }

    /// One of the three lists.
    enum Kind: String, Sendable, CaseIterable {
        case character, episode, location
    }

    /// The positions of a list that a filter lets through, in id order.
    struct Selection: Sendable {
        /// nil: every position (no filter).
        let positions: [Int32]?
        let count: Int

        func position(at index: Int) -> Int { positions.map { Int($0[index]) } ?? index }
    }

    func count(_ kind: Kind) -> Int {
        switch kind {
        case .character: characters.count
        case .episode: episodes.count
        case .location: locations.count
        }
    }

    /// The item at `position` as the schema's resolvers read it (`Character`, `Episode`,
    /// `Location`).
    func node(_ kind: Kind, at position: Int) -> any Sendable {
        switch kind {
        case .character: characters.item(at: position)
        case .episode: episodes.item(at: position)
        case .location: locations.item(at: position)
        }
    }

    func position(_ kind: Kind, id: Int) -> Int? {
        switch kind {
        case .character: characters.position(ofID: id)
        case .episode: episodes.position(ofID: id)
        case .location: locations.position(ofID: id)
        }
    }

    /// The items with these ids that exist, each once, in id order (as the REST API's
    /// `/character/1,2,3` answers).
    func nodes(_ kind: Kind, ids: [Int]) -> [any Sendable] {
        Set(ids.compactMap { position(kind, id: $0) }).sorted().map { node(kind, at: $0) }
    }

    /// The items of `ids` that exist, in the order given (a character's episodes).
    func linked(_ kind: Kind, ids: [Int32]) -> [any Sendable] {
        ids.compactMap { position(kind, id: Int($0)) }.map { node(kind, at: $0) }
    }

    /// Every position, or those matching `filters`; a filtered list is scanned once and
    /// kept for the next pages (a few recent ones are kept).
    func select(_ kind: Kind, _ filters: [APIRequest.Filter]) -> Selection {
        let matcher = FilterMatcher(filters)
        guard !matcher.isEmpty else { return Selection(positions: nil, count: count(kind)) }
        let key = FilterResults.Key(kind: kind, filters: filters, generation: kind == .character ? characters.generation : 0)
        if let known = matches.lookup(key) { return Selection(positions: known, count: known.count) }
        let found: [Int32] = switch kind {
        case .character: Self.scan(characters, matcher)
        case .episode: Self.scan(episodes, matcher)
        case .location: Self.scan(locations, matcher)
        }
        matches.store(key, found)
        return Selection(positions: found, count: found.count)
    }

    private static func scan<Table: ItemTable>(_ table: Table, _ matcher: FilterMatcher) -> [Int32]
    where Table.Item: FilterableItem {
        var found: [Int32] = []
        for position in 0..<table.count where matcher.matches(table.item(at: position)) {
            found.append(Int32(truncatingIfNeeded: position))
        }
        return found
    }
}

/// A few recent filter scans, the oldest dropped first.
private final class FilterResults: Sendable {
    struct Key: Hashable {
        var kind: GraphQLCatalog.Kind
        var filters: [APIRequest.Filter]
        /// The characters' state (`--churn`).
        var generation: Int
    }
    private let entries = Mutex<[(Key, [Int32])]>([])

    func lookup(_ key: Key) -> [Int32]? { entries.withLock { $0.first(where: { $0.0 == key })?.1 } }

    func store(_ key: Key, _ positions: [Int32]) {
        entries.withLock { entries in
            entries.removeAll { $0.0 == key }
            entries.append((key, positions))
            if entries.count > 8 { entries.removeFirst() }
        }
    }
}
