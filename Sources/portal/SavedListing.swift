import ArgumentParser
import Foundation
import PortalConfig
import PortalCore

/// `portal list NAME LIST`: a saved API's list printed as `portal list --url …` would print
/// it with the saved headers, auth, items, paging and fields (`SavedRun`).
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
            try SavedRun.load(config: config)
            do { _ = try target() } catch let error as ValidationError {
                let saved = SavedRun.savedNames(config: config)
                throw ValidationError(error.message + (saved.isEmpty ? "" : "; saved APIs: " + saved.map(Sanitize.line).joined(separator: ", ")))
            }
            return nil
        }
        let api = try SavedRun.api(named: resource, config: config)
        if let (key, _) = filters.given.first { throw ValidationError("--\(key) is a filter of the built-in APIs; a saved list's own parameters go in its path") }
        return api
    }

    /// Resolves the API's secrets, signs in when it says so, and prints the list.
    func listSaved(_ api: SavedAPI, output: ListOutput) async throws {
        let run = try await SavedRun.resolve(api)
        let made = try await run.connect(try source.connect(scopingCredentials: false), offline: source.cache.offline)
        do {
            let (listed, query, name) = try await run.listSource(named: savedList, transport: made.transport, tracer: made.tracer)
            if explain, let spec = await SpecInForce.text(listed, query, transport: made.transport, api: api.name, list: name,
                                                          path: api.lists.first { $0.name == name }?.path ?? name, items: nil) {
                // The spec in force, as portal apis show prints it: through the sanitising sink.
                StandardStreams.error(lines: spec.split(separator: "\n").map(String.init))
            }
            try await stream(listed, query, made.transport, noun: "items of \(Sanitize.line(api.name)) \(Sanitize.line(name))", output: output)
        } catch {
            if let problem = made.traceProblem { StandardStreams.error(problem) }
            throw error
        }
        if let problem = made.traceProblem { throw RuntimeFailure(problem) }
    }
}
