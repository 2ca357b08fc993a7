import Foundation
import PortalCore
import PortalPresets

/// A built-in preset (Rick and Morty, PokeAPI, PostgREST): its source made from the
/// request's settings, no request sent.
extension SourceRequest {
    /// The preset's source with its tabs (`asServed`: items as the server sends them).
    public func presetSource(asServed: Bool = false) throws -> any Source {
        preset.makeSource(try settings(asServed: asServed))
    }

    /// The list `resource` names for `portal list` (a PostgREST function's rows with
    /// `--rpc`): the preset's source (items as served), the query of the tab it names with
    /// the filters given, and its noun. A name or filter the API does not have is a usage
    /// error naming what it has.
    public func presetList(_ resource: String?) throws -> (source: any Source, query: ListQuery, noun: String) {
        if let rpc {
            // A PostgREST function's rows (`--rpc`): its one tab, no table named.
            if resource != nil { throw SourceFailure.usage("give a table or --rpc, not both") }
            let made = preset.makeSource(try settings(asServed: true))
            let spec = made.tabs[0]
            try checkFilters(allowed: spec.filterKeys, for: spec.title.lowercased())
            return (made, ListQuery(kind: spec.kind, filters: filters), "rows of \(Sanitize.line(rpc))")
        }
        guard let resource else { throw SourceFailure.usage("name the list: characters, episodes, locations, pokemon, a table, or --url URL") }
        let preset = self.preset
        if preset.takesTables, !PostgRESTFilter.isTableName(resource) {
            throw SourceFailure.usage("'\(Sanitize.line(resource))' is not a table name")
        }
        let made = preset.makeSource(try settings(table: preset.takesTables ? resource : nil, asServed: true))
        guard let index = TabSpec.index(of: resource, in: made.tabs) else {
            let names = made.tabs.map { $0.title.lowercased() }.joined(separator: ", ")
            throw SourceFailure.usage("'\(Sanitize.line(resource))' is not a \(preset.title) list (\(names)); for another API give --api")
        }
        let spec = made.tabs[index]
        try checkFilters(allowed: spec.filterKeys, for: spec.title.lowercased())
        let title = spec.title.lowercased()
        let noun = title.unicodeScalars.allSatisfy { $0.isASCII } ? title : resource
        return (made, ListQuery(kind: spec.kind, filters: filters), noun)
    }

    /// Refuses a filter that `what` does not take (usage error).
    public func checkFilters(allowed: [String], for what: String) throws(SourceFailure) {
        for (key, _) in filters where !allowed.contains(key) {
            throw .usage("--\(key) is not a filter of \(what) (allowed: \(allowed.map { "--" + $0 }.joined(separator: " ")))")
        }
    }
}
