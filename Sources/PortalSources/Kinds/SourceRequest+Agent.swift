import Foundation
import PortalCore
import PortalPresets

/// Which built-in presets `portal mcp` serves beside the saved APIs and the one the
/// command line names: the preset `--data` or `--base-url` names (none when `--url`,
/// `--graphql` or `--openapi` names the API), else every preset with a public server
/// (Rick and Morty, PokeAPI), read live.
extension SourceRequest {
    public var presetsForAgents: [SourceRequest] {
        if data != nil || baseURL != nil {
            return url == nil && graphql == nil && openapi == nil ? [self] : []
        }
        return APIRegistry.presets.filter { $0.liveBaseURL != nil }.map { preset in
            var choice = SourceRequest()
            (choice.api, choice.environment) = (preset.kind, environment)
            return choice
        }
    }
}
