import ArgumentParser
import Foundation
import PortalConfig
import PortalCore
import PortalSources

/// `portal list NAME LIST`: a saved API's list printed as `portal list --url …` would print
/// it with the saved headers, auth, items, paging and fields (`SavedRun`, through
/// `SourceResolver`).
extension ListCommand {
    /// The saved API the first argument names: only when it is no list of the built-in
    /// API (those names cannot be saved) and no source flag says otherwise; a second
    /// argument requires one.
    func savedAPI() throws -> SavedAPI? {
        guard let resource, source.anyAPI.url == nil, source.apiOptions.api == nil, source.baseURL == nil, source.data == nil,
              source.supabase.rpc == nil, source.openAPI.location == nil, source.graphQL.graphql == nil else { return nil }
        if savedList == nil, ConfigFile.reservedNames.contains(resource) { return nil }
        if savedList == nil, !SavedRun.savedNames(config: config).contains(resource) {
            guard (try? target()) == nil else { return nil }
            // Neither a built-in list nor a saved name: a bad file says so with its line;
            // else the built-in error, naming the saved APIs too.
            try usage { try SavedRun.load(config: config) }
            do { _ = try target() } catch let error as ValidationError {
                let saved = SavedRun.savedNames(config: config)
                throw ValidationError(error.message + (saved.isEmpty ? "" : "; saved APIs: " + saved.map(Sanitize.line).joined(separator: ", ")))
            }
            return nil
        }
        let api = try usage { try SavedRun.api(named: resource, config: config) }
        if let (key, _) = filters.given.first { throw ValidationError("--\(key) is a filter of the built-in APIs; a saved list's own parameters go in its path") }
        return api
    }
}
