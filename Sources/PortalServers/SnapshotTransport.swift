import Foundation
import PortalCore

/// The offline source: answers HTTP requests from the data snapshot with the real
/// server's behaviour, so the pagination engine and the UI cannot tell it from the API.
public final class SnapshotTransport: Transport {
    public static let defaultBaseURL = "https://rickandmortyapi.com/api"

    public let rules: RickAndMortyRules
    private let origin: Origin
    private let rootPath: String

    /// Loads `dataFolder/rickandmorty/`; links in answers point at `baseURL`.
    public init(dataFolder: String, baseURL: String = SnapshotTransport.defaultBaseURL) throws {
        guard let split = SplitURL(baseURL) else { throw PortalError.invalidBaseURL(baseURL) }
        origin = split.origin
        rootPath = split.path.hasSuffix("/") ? String(split.path.dropLast()) : split.path
        rules = RickAndMortyRules(data: try RickAndMortyData.load(dataFolder: dataFolder), baseURL: baseURL)
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try answer(request)
    }

    /// The synchronous core of `send`, for callers that need no suspension.
    public func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        let text = request.url.absoluteString
        guard let split = SplitURL(text), split.origin == origin, split.path.hasPrefix(rootPath) else {
            throw TransportError.notServed(text)
        }
        let below = String(split.path.dropFirst(rootPath.count))
        guard below.isEmpty || below.hasPrefix("/") else { throw TransportError.notServed(text) }
        return rules.respond(path: below, query: QueryString.pairs(split.query))
    }
}
